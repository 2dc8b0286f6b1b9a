import type { FastifyInstance } from 'fastify';
import type { CrmType, Platform } from '../../src/db/schema.js';
import { findUserByEmail } from '../../src/repositories/users.js';
import { seedUsers } from '../../src/db/seed-data.js';
import { newWebhookCode } from '../../src/repositories/webhook-codes.js';
import { accountEmails, seeded, type SeededAccount, type TestAccount } from './test-app.js';

/**
 * Rows a test needs, written straight into the tables (no CRM sign-in, no sandbox): CRM profiles and
 * API keys of the seeded accounts, and their permission flags. Secrets are sealed with the app's secret
 * box like the api does. fixtures.ts writes its sandbox-backed connections through these too.
 */

/** The API key of each platform that the sandbox accepts. */
export const validPlatformKeys: Record<Platform, string> = {
  smartlead: 'sl-valid-key',
  instantly: 'in-valid-key',
  bison: 'eb-valid-key',
  heyreach: 'hr-valid-key',
};

export async function userIdOf(app: FastifyInstance, account: TestAccount): Promise<number> {
  const user = await findUserByEmail(app.db, accountEmails[account]);
  if (!user) throw new Error(`No seeded user ${account}`);
  return user.id;
}

export interface ProfileColumns {
  account_id: string;
  organization_id: string;
  organization_domain: string | null;
  email: string;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  token_expires_at: string | null;
  instance_url: string | null;
  salesforce_setting_id: number | null;
}

let profileCounter = 0;

/**
 * A CONNECTED CRM profile (user_profiles row) of the account's user. By default its access token is a
 * sealed placeholder with no refresh token (no call reaches a CRM); `columns` replaces any of that.
 */
export async function insertProfile(
  app: FastifyInstance,
  account: TestAccount,
  crm: CrmType = 'HUBSPOT',
  columns: Partial<ProfileColumns> = {},
): Promise<number> {
  profileCounter += 1;
  const n = profileCounter;
  const { id } = await app.db
    .insertInto('user_profiles')
    .values({
      user_id: await userIdOf(app, account),
      crm,
      account_id: `crm-user-${n}`,
      organization_id:
        crm === 'HUBSPOT' ? String(7_000_000 + n) : `00D00000000000${String(n).padStart(4, '0')}`,
      organization_domain:
        crm === 'HUBSPOT' ? `${account}-${n}.hubspot.example` : `${account}-${n}.my.salesforce.com`,
      email: `${account}+crm${n}@example.com`,
      first_name: account,
      last_name: 'Fixture',
      access_token_enc: app.secretBox.seal('placeholder-access-token'),
      refresh_token_enc: null,
      token_expires_at: null,
      instance_url: null,
      salesforce_setting_id: null,
      status: 'CONNECTED',
      created_at: new Date().toISOString(),
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An API key on a profile, owned by the profile's user; by default the key the sandbox accepts. */
export async function insertApiKey(
  app: FastifyInstance,
  profileId: number,
  platform: Platform,
  apiKey = validPlatformKeys[platform],
): Promise<number> {
  const profile = await app.db
    .selectFrom('user_profiles')
    .select('user_id')
    .where('id', '=', profileId)
    .executeTakeFirstOrThrow();
  const { id } = await app.db
    .insertInto('api_keys')
    .values({
      user_profile_id: profileId,
      user_id: profile.user_id,
      platform,
      api_key_enc: app.secretBox.seal(apiKey),
      description: `${platform} key`,
      base_url: platform === 'bison' ? 'https://acme.emailbison.com' : null,
      is_valid: 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface Flags {
  canWebhook?: boolean;
  canUserAccount?: boolean;
  canBlockList?: boolean;
}

/** Sets the seeded account's permission flags (the others stay). */
export async function setFlags(
  app: FastifyInstance,
  account: TestAccount,
  flags: Flags,
): Promise<void> {
  const set: { can_webhook?: number; can_user_account?: number; can_block_list?: number } = {};
  if (flags.canWebhook !== undefined) set.can_webhook = flags.canWebhook ? 1 : 0;
  if (flags.canUserAccount !== undefined) set.can_user_account = flags.canUserAccount ? 1 : 0;
  if (flags.canBlockList !== undefined) set.can_block_list = flags.canBlockList ? 1 : 0;
  await app.db.updateTable('users').set(set).where('email', '=', accountEmails[account]).execute();
}

/** The `outsider` account: an ADMIN with every flag in the seeded user's organization. Its id. */
export async function insertOutsider(app: FastifyInstance): Promise<number> {
  const user = await findUserByEmail(app.db, seeded.user);
  if (!user) throw new Error('No seeded user');
  const { id } = await app.db
    .insertInto('users')
    .values({
      account_id: 'crm-sync|outsider',
      email: accountEmails.outsider,
      nickname: 'outsider',
      picture: '',
      role: 'ADMIN',
      organization_id: user.organizationId,
      can_webhook: 1,
      can_user_account: 1,
      can_block_list: 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Moves an account into another's organization. Tests of the role rules within one organization use
 * it to make the seeded user a colleague of the admin and the manager (seeded in another organization,
 * which the permission matrix covers).
 */
export async function joinOrganizationOf(
  app: FastifyInstance,
  account: TestAccount,
  colleague: TestAccount,
): Promise<void> {
  const target = await findUserByEmail(app.db, accountEmails[colleague]);
  if (!target) throw new Error(`No account ${colleague}`);
  await app.db
    .updateTable('users')
    .set({ organization_id: target.organizationId })
    .where('email', '=', accountEmails[account])
    .execute();
}

/** Runs `run` with the account back in its own seeded organization (after joinOrganizationOf), then joins again. */
export async function inOwnOrganization<T>(
  app: FastifyInstance,
  account: SeededAccount,
  colleague: TestAccount,
  run: () => Promise<T>,
): Promise<T> {
  const seededOrganization = await app.db
    .selectFrom('organizations')
    .select('id')
    .where(
      'domain',
      '=',
      seedUsers.find((user) => user.email === seeded[account])?.organizationDomain ?? '',
    )
    .executeTakeFirstOrThrow();
  await app.db
    .updateTable('users')
    .set({ organization_id: seededOrganization.id })
    .where('email', '=', seeded[account])
    .execute();
  try {
    return await run();
  } finally {
    await joinOrganizationOf(app, account, colleague);
  }
}

export interface WebhookRowOptions {
  platform?: Platform;
  crm?: CrmType;
  /** The CRM profile to hang it on (one connected to the sandbox, when its events are processed); a new placeholder one by default. */
  profileId?: number;
  /** Additional endpoints: a URL and the event types it takes. */
  endpoints?: { url: string; eventTypes: string[] }[];
}

/** A webhook of the account (on a new CRM profile) with its code marked used, as createWebhook leaves it; answers its id, code and profile. */
export async function insertWebhookRow(
  app: FastifyInstance,
  account: TestAccount,
  options: WebhookRowOptions = {},
): Promise<{ id: number; code: string; profileId: number; userAccountIds: number[] }> {
  const profileId =
    options.profileId ?? (await insertProfile(app, account, options.crm ?? 'HUBSPOT'));
  const userId = await userIdOf(app, account);
  const now = new Date().toISOString();
  const code = newWebhookCode();
  await app.db
    .insertInto('webhook_codes')
    .values({ code, user_id: userId, created_at: now, used_at: now })
    .execute();
  const { id } = await app.db
    .insertInto('webhooks')
    .values({
      user_profile_id: profileId,
      user_id: userId,
      code,
      email_service: options.platform ?? 'smartlead',
      api_key_id: null,
      smartlead_base_categories: '[]',
      // the sandbox HubSpot's first owner (sandbox/fixtures/hubspot.json), so a processed event's writes are accepted
      owner_id: '7010001',
      owner_first_name: 'Sandbox',
      owner_last_name: 'Admin',
      owner_email: 'sandbox.admin@crm-sync-sandbox.com',
      create_or_update_company: 0,
      create_or_update_task: 0,
      create_contact_custom_properties: 0,
      assign_company_owner: 0,
      assign_contact_owner: 0,
      custom_task_subject: null,
      log_type: null,
      salesforce_object_type: null,
      salesforce_only_update: 0,
      salesforce_custom_field_objects: '[]',
      object_lookup_method: 'default',
      object_lookup_id_field: null,
      object_default_search_property: null,
      optional_alternative_property: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userAccountIds: number[] = [];
  for (const endpoint of options.endpoints ?? []) {
    const account = await app.db
      .insertInto('user_accounts')
      .values({
        user_profile_id: profileId,
        user_id: userId,
        url: endpoint.url,
        description: 'Test endpoint',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userAccountIds.push(account.id);
    await app.db
      .insertInto('webhook_additional_endpoints')
      .values({
        webhook_id: id,
        user_account_id: account.id,
        event_types: JSON.stringify(endpoint.eventTypes),
        created_at: now,
      })
      .execute();
  }
  return { id, code, profileId, userAccountIds };
}
