import type { CreatedEmbedKey, EmbedKey } from 'shared/contract';
import { errorToast, successToast, type ToastMessage } from 'shared/rules';

/** Cache updater: a created key joins the top of the list (newest first). */
export const withCreatedKey = (keys: readonly EmbedKey[], created: CreatedEmbedKey): EmbedKey[] => [
  created.embedKey,
  ...keys,
];

/** Cache updater: a revoked key stays listed, marked revoked. */
export const withRevokedKey = (keys: readonly EmbedKey[], revoked: EmbedKey): EmbedKey[] =>
  keys.map((key) => (key.id === revoked.id ? revoked : key));

export const keyStatus = (key: Pick<EmbedKey, 'revokedAt'>): 'Active' | 'Revoked' =>
  key.revokedAt === null ? 'Active' : 'Revoked';

/** The key as the list shows it: its first characters, never the whole secret. */
export const shownKey = (key: Pick<EmbedKey, 'prefix'>): string => `${key.prefix}…`;

export const revokeQuestion = (key: Pick<EmbedKey, 'name'>): string =>
  `Do you want to revoke the embed key ${key.name}?`;
export const revokeWarning =
  'Pages that embed an area with it stop working at once: their tokens end with the key.';

export const keyCreatedToast = (key: Pick<EmbedKey, 'name'>): ToastMessage =>
  successToast(`Created embed key ${key.name}: copy it now, it is shown once`);
export const keyRevokedToast = (key: Pick<EmbedKey, 'name'>): ToastMessage =>
  successToast(`Revoked embed key ${key.name}`);
export const keyCopiedToast: ToastMessage = successToast('Copied the embed key');
export const keyNotCopiedToast: ToastMessage = errorToast(
  'The embed key could not be copied: select it and copy it by hand',
);
