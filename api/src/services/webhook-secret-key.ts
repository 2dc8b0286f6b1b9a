import type { Platform } from 'shared/contract';
import type { SecretBox } from '../crypto/secret-box.js';

/**
 * The sealed Smartlead secret key a saved webhook keeps: undefined keeps the stored one. Only a
 * smartlead webhook has one (another platform's posts carry none); a form that leaves the key out
 * keeps it (it never holds the stored value), null removes it, a new key replaces it.
 */
export function sealedSecretKeyOf(
  secretBox: SecretBox,
  platform: Platform,
  input: string | null | undefined,
  mode: 'create' | 'update',
): string | null | undefined {
  if (platform !== 'smartlead') return null;
  if (input === undefined) return mode === 'create' ? null : undefined;
  return input === null ? null : secretBox.seal(input);
}
