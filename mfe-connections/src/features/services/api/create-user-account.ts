import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { UserAccount, UserAccountCreate } from 'shared/contract';
import { useApi } from 'shared/ui';
import { withCreatedAccount } from '../rules';
import { userAccountsQueryKey } from './get-user-accounts';

/** POST /api/admin/user-accounts */
export const createUserAccount = (api: ApiClient, body: UserAccountCreate): Promise<UserAccount> => api.call('createUserAccount', { body });

export type CreateUserAccountMutationConfig = Omit<UseMutationOptions<UserAccount, Error, UserAccountCreate>, 'mutationFn'>;

/** Adds an endpoint; it joins the cached list. */
export function useCreateUserAccount({ mutationConfig }: { mutationConfig?: CreateUserAccountMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (body: UserAccountCreate) => createUserAccount(api, body),
    onSuccess: (...args) => {
      const [created] = args;
      queryClient.setQueryData<UserAccount[]>(userAccountsQueryKey, (accounts) => (accounts ? withCreatedAccount(accounts, created) : accounts));
      return onSuccess?.(...args);
    },
  });
}
