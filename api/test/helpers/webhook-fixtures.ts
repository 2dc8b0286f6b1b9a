import type { FastifyInstance } from 'fastify';
import type { CrmType, Platform } from '../../src/db/schema.js';
import { findUserByEmail } from '../../src/repositories/users.js';
import { ORIGIN, seeded, type SeededAccount } from './test-app.js';

/**
 * Rows for the webhook, endpoint, block-list and log tests, written straight into the tables (no CRM
 * sign-in, no sandbox): CRM profiles, API keys and permission flags of the seeded accounts.
 */

export async function userIdOf(app: FastifyInstance, account: SeededAccount): Promise<number> {
  const user = await findUserByEmail(app.db, seeded[account]);
  if (!user) throw new Error(`No seeded user ${account}`);
  return user.id;
}

let profileCounter = 0;

/** A CRM profile of the account's user (tokens are sealed placeholders: no call reaches a CRM). */
export async function insertProfile(app: FastifyInstance, account: SeededAccount, crm: CrmType = 'HUBSPOT'): Promise<number> {
  profileCounter += 1;
  const { id } = await app.db
    .insertInto('user_profiles')
    .values({
      user_id: await userIdOf(app, account),
      crm,
      account_id: `crm-user-${profileCounter}`,
      organization_id: crm === 'HUBSPOT' ? String(7_000_000 + profileCounter) : `00D00000000000${String(profileCounter).padStart(4, '0')}`,
      organization_domain: crm === 'HUBSPOT' ? `${account}-${profileCounter}.hubspot.example` : `${account}-${profileCounter}.my.salesforce.com`,
      email: `${account}-crm-${profileCounter}@example.com`,
      first_name: account,
      last_name: 'Fixture',
      access_token_enc: app.secretBox.seal('placeholder-access-token'),
      refresh_token_enc: null,
      token_expires_at: null,
      instance_url: null,
      salesforce_setting_id: null,
      status: 'CONNECTED',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An API key on a profile, owned by the profile's user. */
export async function insertApiKey(app: FastifyInstance, profileId: number, platform: Platform): Promise<number> {
  const profile = await app.db.selectFrom('user_profiles').select('user_id').where('id', '=', profileId).executeTakeFirstOrThrow();
  const { id } = await app.db
    .insertInto('api_keys')
    .values({
      user_profile_id: profileId,
      user_id: profile.user_id,
      platform,
      api_key_enc: app.secretBox.seal(`${platform}-secret-key`),
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
export async function setFlags(app: FastifyInstance, account: SeededAccount, flags: Flags): Promise<void> {
  const set: { can_webhook?: number; can_user_account?: number; can_block_list?: number } = {};
  if (flags.canWebhook !== undefined) set.can_webhook = flags.canWebhook ? 1 : 0;
  if (flags.canUserAccount !== undefined) set.can_user_account = flags.canUserAccount ? 1 : 0;
  if (flags.canBlockList !== undefined) set.can_block_list = flags.canBlockList ? 1 : 0;
  await app.db.updateTable('users').set(set).where('email', '=', seeded[account]).execute();
}

/** Request options for app.inject with a session cookie (and Origin plus a JSON body for unsafe methods). */
export function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | undefined, body?: unknown) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET') headers.origin = ORIGIN;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { method, url, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) };
}
