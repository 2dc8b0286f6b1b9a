import type { Kysely } from 'kysely';
import { hashPassword } from '../idp/passwords.js';
import { toFlag, type Database } from './schema.js';
import { withStartupLock } from './startup-lock.js';
import { seedDemoEmbedKey } from './seed-embed-key.js';
import { avatarFor, DEMO_PASSWORD, seedOrganizations, seedUsers } from './seed-data.js';

/**
 * Adds the demo organizations, users and identity accounts that are missing (DEMO_ACCOUNTS only: their
 * password is public). Safe to run on every start, and in processes started together (under the
 * start-up lock, one after the other).
 */
export function seedDatabase(
  db: Kysely<Database>,
  now: Date,
  demoEmbedKey?: string | undefined,
): Promise<void> {
  return withStartupLock(db, async (connection) => {
    await addMissingDemoRows(connection, now);
    if (demoEmbedKey) await seedDemoEmbedKey(connection, demoEmbedKey, now);
  });
}

async function addMissingDemoRows(db: Kysely<Database>, now: Date): Promise<void> {
  for (const organization of seedOrganizations) {
    const existing = await db
      .selectFrom('organizations')
      .select('id')
      .where('domain', '=', organization.domain)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('organizations')
      .values({
        name: organization.name,
        domain: organization.domain,
        is_paid_tier: toFlag(organization.isPaidTier),
      })
      .execute();
  }

  for (const user of seedUsers) {
    const picture = avatarFor(user.nickname);
    const existingUser = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirst();
    if (!existingUser) {
      const organization = await db
        .selectFrom('organizations')
        .select('id')
        .where('domain', '=', user.organizationDomain)
        .executeTakeFirst();
      await db
        .insertInto('users')
        .values({
          account_id: user.subject,
          email: user.email,
          nickname: user.nickname,
          picture,
          role: user.role,
          organization_id: organization?.id ?? null,
          can_webhook: toFlag(user.canWebhook),
          can_user_account: toFlag(user.canUserAccount),
          can_block_list: toFlag(user.canBlockList),
          created_at: now.toISOString(),
        })
        .execute();
    }

    const existingAccount = await db
      .selectFrom('identity_accounts')
      .select('subject')
      .where('email', '=', user.email)
      .executeTakeFirst();
    if (!existingAccount) {
      await db
        .insertInto('identity_accounts')
        .values({
          subject: user.subject,
          email: user.email,
          password_hash: await hashPassword(DEMO_PASSWORD),
          name: user.name,
          nickname: user.nickname,
          picture,
        })
        .execute();
    }
  }
}
