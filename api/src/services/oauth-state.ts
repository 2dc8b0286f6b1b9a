import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../crypto/secret-box.js';

/** What a CRM sign-in is for: the dashboard user who started it, and for Salesforce the settings used. */
export type OAuthStatePayload =
  { kind: 'hubspot'; userId: number } | { kind: 'salesforce'; userId: number; settingsId: number };

/** How long a started CRM sign-in stays valid. */
export const OAUTH_STATE_TTL_MS = 15 * 60 * 1000;

/**
 * The `state` of a CRM authorize URL: the payload, an expiry and a nonce, sealed with the api's secret
 * box (AES-GCM: it cannot be read or forged without the key), so the callback knows who started it.
 */
export function signOAuthState(box: SecretBox, payload: OAuthStatePayload, now: number): string {
  return box.seal(
    JSON.stringify({
      ...payload,
      exp: now + OAUTH_STATE_TTL_MS,
      n: randomBytes(8).toString('base64url'),
    }),
  );
}

/** The payload of a state this api signed and that has not expired; undefined for anything else. */
export function readOAuthState(
  box: SecretBox,
  state: string | undefined,
  now: number,
): OAuthStatePayload | undefined {
  if (!state) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(box.open(state));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const { kind, userId, settingsId, exp } = parsed as Record<string, unknown>;
  if (typeof exp !== 'number' || exp <= now || typeof userId !== 'number') return undefined;
  if (kind === 'hubspot') return { kind, userId };
  if (kind === 'salesforce' && typeof settingsId === 'number') return { kind, userId, settingsId };
  return undefined;
}
