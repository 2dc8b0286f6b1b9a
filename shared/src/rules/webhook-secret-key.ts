import type { Platform } from '../contract/index.js';

/**
 * The Smartlead secret key as a webhook form holds it (issue 53). The key is write-only: the form
 * knows whether the webhook has one (`stored`), never its value; a key typed replaces it, and
 * `cleared` removes it on save.
 */
export interface SecretKeyEdit {
  stored: boolean;
  typed: string;
  cleared: boolean;
}

export const secretKeyEditOf = (stored: boolean): SecretKeyEdit => ({
  stored,
  typed: '',
  cleared: false,
});

/** Only Smartlead sends a secret key with its events (providers.md), so only its webhooks ask for one. */
export const asksSecretKey = (platform: Platform | null): boolean => platform === 'smartlead';

/** What the form says of the key: none, set (kept as stored), a new one typed, or the stored one to be removed. */
export type SecretKeyStatus = 'none' | 'set' | 'new' | 'removed';

export function secretKeyStatus(edit: SecretKeyEdit): SecretKeyStatus {
  if (edit.typed.trim() !== '') return 'new';
  if (!edit.stored) return 'none';
  return edit.cleared ? 'removed' : 'set';
}

/**
 * The request's smartleadSecretKey: a new key, null to remove the stored one, or left out to keep it
 * (a form for another platform leaves it out: the api keeps a key for Smartlead webhooks only).
 */
export function secretKeyPayload(
  edit: SecretKeyEdit,
  platform: Platform | null,
): string | null | undefined {
  if (!asksSecretKey(platform)) return undefined;
  const status = secretKeyStatus(edit);
  if (status === 'new') return edit.typed.trim();
  return status === 'removed' ? null : undefined;
}
