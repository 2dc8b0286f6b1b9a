import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { LeadCategoriesAdd, LeadCategory } from 'shared/contract';
import { useApi } from 'shared/ui';
import { leadCategoriesQueryKey } from './get-lead-categories';

export interface AddLeadCategoriesInput {
  apiKeyId: number;
  body: LeadCategoriesAdd;
}

/** POST /api/admin/dashboard/api-keys/{id}/lead-categories (heyreach keys): answers the key's categories after the add. */
export const addLeadCategories = (api: ApiClient, { apiKeyId, body }: AddLeadCategoriesInput): Promise<LeadCategory[]> =>
  api.call('addLeadCategories', { params: { id: apiKeyId }, body });

export type AddLeadCategoriesMutationConfig = Omit<UseMutationOptions<LeadCategory[], Error, AddLeadCategoriesInput>, 'mutationFn'>;

/** Adds categories; the answer becomes the dialog's list. */
export function useAddLeadCategories({ mutationConfig }: { mutationConfig?: AddLeadCategoriesMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (input: AddLeadCategoriesInput) => addLeadCategories(api, input),
    onSuccess: (...args) => {
      const [categories, { apiKeyId }] = args;
      queryClient.setQueryData<LeadCategory[]>(leadCategoriesQueryKey(apiKeyId), categories);
      return onSuccess?.(...args);
    },
  });
}
