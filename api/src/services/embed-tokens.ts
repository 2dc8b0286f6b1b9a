import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { embedArea, embedMessages, type EmbedArea, type EmbedToken } from 'shared/contract';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { findEmbedKey, findLiveEmbedKey, markEmbedKeyUsed } from '../repositories/embed-keys.js';
import { findUserByEmail, findUserById, type UserRecord } from '../repositories/users.js';
import { unauthorized } from './domain-errors.js';

const ISSUER = 'crm-sync';
const AUDIENCE = 'crm-sync-embed';
const claims = z.object({
  sub: z.string().regex(/^\d+$/),
  areas: z.array(embedArea).min(1),
  /** The embed key that minted it: revoking the key ends its tokens at once. */
  key: z.number().int(),
});

const signingKey = (deps: Pick<Deps, 'secretBox'>): Uint8Array =>
  deps.secretBox.deriveKey('embed tokens');

/**
 * POST /embed/tokens: the embedding site's server trades its embed key for a token of one user of the
 * key's organization, for the named areas' calls only (shared/contract embed-scope.ts), valid
 * EMBED_TOKEN_TTL_MINUTES. Signed with a key derived from ENCRYPTION_KEY, so every api process of a
 * deployment verifies it; kept nowhere.
 */
export async function mintEmbedToken(
  deps: Pick<Deps, 'db' | 'secretBox' | 'clock' | 'config'>,
  embedKey: string,
  request: { email: string; areas: readonly EmbedArea[] },
): Promise<EmbedToken> {
  const key = await findLiveEmbedKey(deps.db, embedKey);
  if (!key) throw unauthorized(embedMessages.badKey);
  const user = await findUserByEmail(deps.db, request.email);
  if (!user || user.organizationId !== key.organizationId) throw unauthorized(embedMessages.noUser);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.embedTokenTtlMinutes * 60_000);
  const areas = [...new Set(request.areas)];
  const token = await new SignJWT({ areas, key: key.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey(deps));
  await markEmbedKeyUsed(deps.db, key.id, now);
  return { token, expiresAt: expiresAt.toISOString(), areas };
}

export interface EmbedCaller {
  user: UserRecord;
  areas: EmbedArea[];
}

/** The user and areas of a valid, unexpired embed token; 401 otherwise (expired: its own message). */
export async function verifyEmbedToken(
  deps: Pick<Deps, 'db' | 'secretBox' | 'clock'>,
  token: string,
): Promise<EmbedCaller> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, signingKey(deps), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: deps.clock.now(),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized(embedMessages.expired);
    throw unauthorized('The embed token is not valid');
  }
  const read = claims.safeParse(payload);
  if (!read.success) throw unauthorized('The embed token is not valid');
  const key = await findEmbedKey(deps.db, read.data.key);
  const user = await findUserById(deps.db, Number(read.data.sub));
  if (!key || key.revokedAt !== null) throw unauthorized(embedMessages.badKey);
  if (!user || user.organizationId !== key.organizationId)
    throw unauthorized('The embed token is not valid');
  return { user, areas: read.data.areas };
}
