import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findOrCreateOrganization, saveAdminUser } from '../repositories/admin-users.js';
import {
  createIdentityAccountWithoutPassword,
  findIdentityAccountByEmail,
} from '../repositories/identity-accounts.js';
import { createPasswordSetupToken } from '../repositories/password-setup-tokens.js';
import { normalizeEmail } from '../repositories/users.js';

/** How long a set-password link works. */
export const PASSWORD_SETUP_TTL_MS = 24 * 60 * 60 * 1000;

export interface FirstAdminInput {
  email: string;
  /** Default: the email's domain. */
  organizationName?: string | undefined;
  /** The embedded identity provider signs people in (else a hosted issuer does). */
  embedded: boolean;
  publicUrl: string;
}

export interface FirstAdmin {
  userId: number;
  /** The one-time link that sets the embedded account's password (embedded provider only). */
  setPasswordUrl: string | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The first admin of a real deployment (no demo accounts there): an ADMIN user of an organization, and
 * with the embedded provider an account without a password plus a one-time link to set it. With a
 * hosted issuer, that person's first sign-in with the same verified email becomes this user.
 */
export async function createFirstAdmin(
  db: Kysely<Database>,
  input: FirstAdminInput,
  now: Date,
): Promise<FirstAdmin> {
  const email = normalizeEmail(input.email);
  if (!EMAIL.test(email)) throw new Error(`"${input.email}" is not an email address`);
  const domain = email.split('@')[1] ?? email;
  const organizationId = await findOrCreateOrganization(
    db,
    input.organizationName?.trim() || domain,
    domain,
  );
  const userId = await saveAdminUser(db, email, organizationId, now);
  if (!input.embedded) return { userId, setPasswordUrl: undefined };

  const account =
    (await findIdentityAccountByEmail(db, email)) ??
    (await createIdentityAccountWithoutPassword(db, {
      subject: `crm-sync|${randomUUID()}`,
      email,
      name: email,
      nickname: email.split('@')[0] ?? email,
    }));
  const token = await createPasswordSetupToken(db, account.subject, PASSWORD_SETUP_TTL_MS, now);
  return {
    userId,
    setPasswordUrl: `${input.publicUrl}/auth/set-password?token=${encodeURIComponent(token)}`,
  };
}
