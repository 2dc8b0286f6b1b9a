import type { Kysely } from 'kysely';
import { withIdColumn } from '../columns.js';

/**
 * The release registry (issue 57): every published build of a remote (immutable: one row per area and
 * version), what each area runs (its live version and an optional canary), and who changed it when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('release_versions'))
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('manifest_url', 'text', (col) => col.notNull())
    .addColumn('shared_requirements', 'text', (col) => col.notNull())
    .addColumn('operations', 'text', (col) => col.notNull())
    .addColumn('published_by', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('release_versions_area_version', ['area', 'version'])
    .execute();
  await db.schema
    .createTable('release_areas')
    .addColumn('area', 'text', (col) => col.primaryKey())
    .addColumn('live_version', 'text')
    .addColumn('canary_version', 'text')
    .addColumn('canary_percent', 'integer')
    .execute();
  await withIdColumn(db, db.schema.createTable('release_events'))
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('release_events_area')
    .on('release_events')
    .columns(['area', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_events').execute();
  await db.schema.dropTable('release_areas').execute();
  await db.schema.dropTable('release_versions').execute();
}
