import type { UserAccount } from 'shared/contract';
import { errorToast, successToast, type ToastMessage } from 'shared/rules';

// Apart from rules.ts so that only the on-demand Signing secret dialog carries them.

/** The revealed secret is asked for each time the dialog opens and dropped from the cache as soon as it closes. */
export const revealedSecretOptions = { staleTime: 0, gcTime: 0, retry: false } as const;

export const secretCopiedToast = (account: Pick<UserAccount, 'url'>): ToastMessage =>
  successToast(`Copied the signing secret of ${account.url}`);
export const secretNotCopiedToast: ToastMessage = errorToast(
  'The signing secret could not be copied: select it and copy it by hand',
);
