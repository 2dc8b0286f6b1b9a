import type { Kysely } from 'kysely';

/**
 * The secret key a Smartlead webhook may require of its posts (Smartlead sends it as `secret_key` in
 * every payload), sealed with the secret box like API keys; null: none required (issue 53).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('smartlead_secret_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').dropColumn('smartlead_secret_key').execute();
}
