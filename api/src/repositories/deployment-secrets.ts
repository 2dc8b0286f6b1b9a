import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The sealed secret stored under `name`: `sealed` if none was (the first process to ask stores its
 * own), else the one another process stored first.
 */
export async function storeOrReadDeploymentSecret(
  db: Kysely<Database>,
  name: string,
  sealed: string,
  at: string,
): Promise<string> {
  await db
    .insertInto('deployment_secrets')
    .values({ name, sealed, created_at: at })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('deployment_secrets')
    .select('sealed')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.sealed;
}
