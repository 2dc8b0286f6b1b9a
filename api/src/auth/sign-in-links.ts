import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  fillAccountIdOnce,
  findLinkedUserId,
  isUserLinkedAt,
  linkSubject,
} from '../repositories/sign-in-links.js';
import {
  createUser,
  findUserByEmail,
  findUserById,
  type UserRecord,
} from '../repositories/users.js';
import type { SignedInIdentity } from './oidc-client.js';

export type SignInUser =
  | { ok: true; user: UserRecord }
  | { ok: false; reason: 'email-not-verified' | 'email-held-by-another-subject' };

/**
 * The user of a sign-in, by (issuer, subject). A subject seen for the first time is linked by email
 * only when the issuer vouches for the email (email_verified) and the user with that email has no
 * other subject at this issuer; with no such user it becomes a new one. An unverified email never
 * reaches an account, and never claims one either.
 */
export async function userForSignIn(
  db: Kysely<Database>,
  identity: SignedInIdentity,
  now: Date,
): Promise<SignInUser> {
  const { issuer, subject } = identity;
  const linkedId = await findLinkedUserId(db, issuer, subject);
  if (linkedId !== undefined) {
    const linked = await findUserById(db, linkedId);
    if (linked) return { ok: true, user: linked };
  }
  if (!identity.emailVerified) return { ok: false, reason: 'email-not-verified' };

  const existing = await findUserByEmail(db, identity.email);
  if (existing && (await isUserLinkedAt(db, issuer, existing.id)))
    return { ok: false, reason: 'email-held-by-another-subject' };
  const user =
    existing ??
    (await createUser(
      db,
      {
        accountId: subject,
        email: identity.email,
        nickname: identity.nickname,
        picture: identity.picture,
      },
      now,
    ));
  await linkSubject(db, issuer, subject, user.id, now);
  await fillAccountIdOnce(db, user.id, subject);
  return { ok: true, user: (await findUserById(db, user.id)) ?? user };
}
