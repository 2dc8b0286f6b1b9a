import { userForSignIn, type SignInUser } from '../auth/sign-in-links.js';
import type { SignedInIdentity } from '../auth/oidc-client.js';
import type { Deps } from '../deps.js';
import { createSession, deleteSession, findSessionUserId } from '../repositories/sessions.js';
import { findUserById, type UserRecord } from '../repositories/users.js';

/** The user of a session token; undefined when the session is unknown or over. */
export async function userOfSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
): Promise<UserRecord | undefined> {
  const userId = await findSessionUserId(deps.db, token, deps.clock.now());
  return userId === undefined ? undefined : findUserById(deps.db, userId);
}

/** The dashboard user an identity from the issuer signs in as, or why none. */
export const signInUserOf = (
  deps: Pick<Deps, 'db' | 'clock'>,
  identity: SignedInIdentity,
): Promise<SignInUser> => userForSignIn(deps.db, identity, deps.clock.now());

/** A new session of the user: its token goes into the cookie. */
export const startSession = (
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  ttlMs: number,
): Promise<{ token: string; expiresAt: Date }> =>
  createSession(deps.db, userId, ttlMs, deps.clock.now());

export const endSession = (deps: Pick<Deps, 'db'>, token: string): Promise<void> =>
  deleteSession(deps.db, token);
