import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { DeletedRecord, UserAccount } from 'shared/contract';
import { useApi } from 'shared/ui';
import { withoutAccount } from '../rules';
import { userAccountsQueryKey } from './get-user-accounts';

/** DELETE /api/admin/user-accounts/{id} */
export const deleteUserAccount = (api: ApiClient, id: number): Promise<DeletedRecord> => api.call('deleteUserAccount', { params: { id } });

export type DeleteUserAccountMutationConfig = Omit<UseMutationOptions<DeletedRecord, Error, number>, 'mutationFn'>;

/** Deletes an endpoint; it leaves the cached list. */
export function useDeleteUserAccount({ mutationConfig }: { mutationConfig?: DeleteUserAccountMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (id: number) => deleteUserAccount(api, id),
    onSuccess: (...args) => {
      const [, id] = args;
      queryClient.setQueryData<UserAccount[]>(userAccountsQueryKey, (accounts) => (accounts ? withoutAccount(accounts, id) : accounts));
      return onSuccess?.(...args);
    },
  });
}
