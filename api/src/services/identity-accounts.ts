import { DEMO_PASSWORD, seedUsers } from '../db/seed-data.js';
import type { Deps } from '../deps.js';
import { deleteSessionsOfIdentity } from '../repositories/sessions.js';
import { hashPassword, verifyPasswordOrDummy } from '../idp/passwords.js';
import {
  findIdentityAccountByEmail,
  findIdentityAccountBySubject,
  setIdentityAccountPassword,
} from '../repositories/identity-accounts.js';
import {
  deletePasswordSetupTokens,
  findPasswordSetupSubject,
} from '../repositories/password-setup-tokens.js';

/** An embedded account as its pages show it. */
export interface IdentityAccount {
  subject: string;
  email: string;
}

/**
 * The subject whose email and password these are, or undefined. An unknown email costs the same
 * password check as a known one, so the answer's time tells nothing.
 */
export async function subjectOfPassword(
  deps: Pick<Deps, 'db'>,
  email: string,
  password: string,
): Promise<string | undefined> {
  const account = email ? await findIdentityAccountByEmail(deps.db, email) : undefined;
  const valid = await verifyPasswordOrDummy(password, account?.password_hash);
  return account && valid ? account.subject : undefined;
}

/** The seeded demo accounts (email and role) and their shared password, for the login page. */
export const demoAccounts = (): {
  accounts: { email: string; role: string | null }[];
  password: string;
} => ({
  accounts: seedUsers.map((user) => ({ email: user.email, role: user.role })),
  password: DEMO_PASSWORD,
});

/** The account a one-time set-password token is for, while it is unused and unexpired. */
export async function accountOfSetupToken(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
): Promise<IdentityAccount | undefined> {
  const subject = await findPasswordSetupSubject(deps.db, token, deps.clock.now());
  const account =
    subject === undefined ? undefined : await findIdentityAccountBySubject(deps.db, subject);
  return account && { subject: account.subject, email: account.email };
}

/** Sets the account's password and spends every set-password token it has. */
export async function setAccountPassword(
  deps: Pick<Deps, 'db'>,
  account: { subject: string; email: string },
  password: string,
): Promise<void> {
  await setIdentityAccountPassword(deps.db, account.subject, await hashPassword(password));
  await deletePasswordSetupTokens(deps.db, account.subject);
  // whoever knew the old password may be signed in: a new password ends every session of the account
  await deleteSessionsOfIdentity(deps.db, account);
}
