import type { Kysely } from 'kysely';

/** The host contract range each published build needs (issue 57: the gate checks it against the live shell's). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('release_versions').addColumn('host_contract', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('release_versions').dropColumn('host_contract').execute();
}
