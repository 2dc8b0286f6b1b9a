import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';
import { withStartupLock } from './startup-lock.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies every pending migration; throws if one fails. Under the start-up lock: processes started
 * together on a new database migrate it one after the other (the later ones find nothing to do).
 */
export function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  return withStartupLock(db, migrate);
}

async function migrate<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`.trim());
  }
}
