import type { Kysely } from 'kysely';

/**
 * How many times pages could not load a published version and ran the previous good one instead
 * (issue 57: the shell's automatic fallback reports each one; the Releases page shows the count).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('release_versions')
    .addColumn('fallbacks', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('release_versions').dropColumn('fallbacks').execute();
}
