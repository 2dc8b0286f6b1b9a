import type { Kysely } from 'kysely';
import type { ApiUsage } from '../records/api-usage.js';
import type { Database } from '../db/schema.js';

export const salesforceAllocationKey = (orgId: string): string => `salesforce:${orgId}`;

/** Keeps what the CRM last reported of an org's daily allocation, for every process to read. */
export async function recordApiUsage(
  db: Kysely<Database>,
  key: string,
  usage: ApiUsage,
  at: string,
): Promise<void> {
  const values = { used: usage.used, allowed: usage.allowed, reported_at: at };
  await db
    .insertInto('api_allocations')
    .values({ key, ...values })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
    .execute();
}

export async function findApiAllocation(
  db: Kysely<Database>,
  key: string,
): Promise<(ApiUsage & { reportedAt: string }) | undefined> {
  const row = await db
    .selectFrom('api_allocations')
    .select(['used', 'allowed', 'reported_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : { used: row.used, allowed: row.allowed, reportedAt: row.reported_at };
}
