import type { FastifyInstance } from 'fastify';
import type { CrmType } from '../../src/db/schema.js';
import { findUserByEmail } from '../../src/repositories/users.js';
import { seeded, type SeededAccount } from './test-app.js';

let next = 1;

/** A CRM profile (user_profiles row) of a seeded user, written directly: enough to hang API keys on. */
export async function insertProfileRow(app: FastifyInstance, account: SeededAccount, crm: CrmType = 'HUBSPOT'): Promise<number> {
  const user = await findUserByEmail(app.db, seeded[account]);
  if (!user) throw new Error(`No seeded user ${account}`);
  const n = next++;
  const { id } = await app.db
    .insertInto('user_profiles')
    .values({
      user_id: user.id,
      crm,
      account_id: `crm-user-${n}`,
      organization_id: String(4_000_000 + n),
      organization_domain: `${account}-${n}.example`,
      email: `${account}+crm${n}@example.com`,
      first_name: account,
      last_name: 'Profile',
      access_token_enc: null,
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
