import type { UserAccount } from 'shared/contract';
import { successToast, type ToastMessage } from 'shared/rules';

/** Cache updater: a created endpoint joins the list. */
export const withCreatedAccount = (
  accounts: readonly UserAccount[],
  created: UserAccount,
): UserAccount[] => [...accounts, created];

/** Cache updater, spec §4 "After actions": a deleted endpoint leaves the list. */
export const withoutAccount = (accounts: readonly UserAccount[], id: number): UserAccount[] =>
  accounts.filter((account) => account.id !== id);

/** spec §6: deletion only where canDelete is true. */
export const canDelete = (account: Pick<UserAccount, 'canDelete'>): boolean => account.canDelete;

/** The delete confirmation's question (spec §8 "Do you want to delete ...?"). */
export const deleteQuestion = (account: Pick<UserAccount, 'url'>): string =>
  `Do you want to delete the endpoint ${account.url}?`;

export const endpointCreatedToast = (account: Pick<UserAccount, 'url'>): ToastMessage =>
  successToast(`Created webhook endpoint ${account.url}`);
export const endpointDeletedToast = (account: Pick<UserAccount, 'url'>): ToastMessage =>
  successToast(`Deleted webhook endpoint ${account.url}`);

/** Its signing secret is shown (and copied) only where the api says the user may read it: the owner, or an admin. */
export const canRevealSecret = (account: Pick<UserAccount, 'canRevealSecret'>): boolean =>
  account.canRevealSecret;
