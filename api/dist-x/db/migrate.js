import { Migrator } from 'kysely';
import { migrations } from './migrations/index.js';
const provider = { getMigrations: async () => migrations };
/** Applies every pending migration; throws if one fails. */
export async function migrateToLatest(db) {
    const migrator = new Migrator({ db, provider });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (error !== undefined || failed !== undefined) {
        const reason = error instanceof Error ? error.message : String(error ?? '');
        throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`.trim());
    }
}
//# sourceMappingURL=migrate.js.map