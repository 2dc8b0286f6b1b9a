import type { Kysely, Selectable } from 'kysely';
import type { Database, ReleaseAreasTable, ReleaseEventsTable } from '../db/schema.js';
import type { ReleaseVersionsTable } from '../db/schema.js';

export type ReleaseVersionRow = Selectable<ReleaseVersionsTable>;
export type ReleaseEventRow = Selectable<ReleaseEventsTable>;
export type ReleaseAreaRow = Selectable<ReleaseAreasTable>;
export type NewReleaseVersion = Omit<ReleaseVersionRow, 'id' | 'fallbacks'>;

/** What an area runs after a change. */
export interface AreaState {
  liveVersion: string | null;
  canaryVersion: string | null;
  canaryPercent: number | null;
}

/** Stores a published version; false when the area already has that version (versions never change). */
export async function insertReleaseVersion(
  db: Kysely<Database>,
  row: NewReleaseVersion,
): Promise<boolean> {
  const inserted = await db
    .insertInto('release_versions')
    .values(row)
    .onConflict((conflict) => conflict.columns(['area', 'version']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findReleaseVersion(
  db: Kysely<Database>,
  area: string,
  version: string,
): Promise<ReleaseVersionRow | undefined> {
  return db
    .selectFrom('release_versions')
    .selectAll()
    .where('area', '=', area)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Every published version, newest first. */
export async function listReleaseVersions(db: Kysely<Database>): Promise<ReleaseVersionRow[]> {
  return db.selectFrom('release_versions').selectAll().orderBy('id', 'desc').execute();
}

/** Counts one fallback from a published version; its new count, or undefined when there is no such version. */
export async function countReleaseFallback(
  db: Kysely<Database>,
  area: string,
  version: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('release_versions')
    .set((eb) => ({ fallbacks: eb('fallbacks', '+', 1) }))
    .where('area', '=', area)
    .where('version', '=', version)
    .returning('fallbacks')
    .executeTakeFirst();
  return row?.fallbacks;
}

export async function listReleaseAreas(db: Kysely<Database>): Promise<ReleaseAreaRow[]> {
  return db.selectFrom('release_areas').selectAll().execute();
}

/** Every change of what runs, newest first. */
export async function listReleaseEvents(db: Kysely<Database>): Promise<ReleaseEventRow[]> {
  return db.selectFrom('release_events').selectAll().orderBy('id', 'desc').execute();
}

/** Sets what an area runs and records the change, in one transaction. */
export async function changeAreaState(
  db: Kysely<Database>,
  area: string,
  state: AreaState,
  event: Omit<ReleaseEventRow, 'id' | 'area'>,
): Promise<void> {
  const columns = {
    live_version: state.liveVersion,
    canary_version: state.canaryVersion,
    canary_percent: state.canaryPercent,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('release_areas')
      .values({ area, ...columns })
      .onConflict((conflict) => conflict.column('area').doUpdateSet(columns))
      .execute();
    await trx
      .insertInto('release_events')
      .values({ area, ...event })
      .execute();
  });
}
