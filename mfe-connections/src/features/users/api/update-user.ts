import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { DashboardUser, UserPermissionsUpdate } from 'shared/contract';
import { useApi } from 'shared/ui';
import { replaceUser } from '../rules';
import { usersQueryKey } from './get-users';

export interface UpdateUserInput {
  id: number;
  data: UserPermissionsUpdate;
}

/** PUT /api/admin/dashboard/users/{id} with the three permission flags. */
export const updateUser = (api: ApiClient, { id, data }: UpdateUserInput): Promise<DashboardUser> =>
  api.call('updateUser', { params: { id }, body: data });

export type UpdateUserMutationConfig = Omit<UseMutationOptions<DashboardUser, Error, UpdateUserInput>, 'mutationFn'>;

/** Saves a user's flags; on success the saved user replaces its row in the cached list. */
export function useUpdateUser({ mutationConfig }: { mutationConfig?: UpdateUserMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (input: UpdateUserInput) => updateUser(api, input),
    onSuccess: (...args) => {
      const [updated] = args;
      queryClient.setQueryData<DashboardUser[]>(usersQueryKey, (users) => (users ? replaceUser(users, updated) : users));
      return onSuccess?.(...args);
    },
  });
}
