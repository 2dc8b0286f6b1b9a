import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { makePrivateDatabaseFile, makePrivateFolder } from '../db/private-files.js';
import type { Database } from '../db/schema.js';
import { seedDatabase } from '../db/seed.js';
import { deleteExpiredSessions } from '../repositories/sessions.js';
import { globalPlugin } from './global-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/**
 * Opens the database (PostgreSQL at databaseUrl when set, else SQLite at databasePath), applies
 * pending migrations, seeds the demo data when asked to and closes it with the app.
 */
export interface DatabasePluginOptions extends Record<string, unknown> {
  databasePath: string;
  databaseUrl?: string | undefined;
  /** PG_POOL_MAX: connections of the pool on PostgreSQL. */
  poolMax: number;
  /** DATA_DIR: kept private (mode 0700), like the SQLite file and its WAL (0600). */
  dataDir: string;
  /** DEMO_ACCOUNTS: seed the demo organizations and accounts. */
  seedDemoAccounts: boolean;
  /** DEMO_EMBED_KEY: the demo page's embed key, seeded with the demo accounts. */
  demoEmbedKey?: string | undefined;
  clock: Clock;
}

export const databasePlugin = globalPlugin<DatabasePluginOptions>(
  async (
    app,
    { databasePath, databaseUrl, poolMax, dataDir, seedDemoAccounts, demoEmbedKey, clock },
  ) => {
    makePrivateFolder(dataDir);
    if (databaseUrl === undefined) makePrivateDatabaseFile(databasePath);
    const db = connectDatabase(databaseUrl ?? databasePath, { poolMax });
    try {
      await migrateToLatest(db);
      if (seedDemoAccounts) await seedDatabase(db, clock.now(), demoEmbedKey);
      await deleteExpiredSessions(db, clock.now());
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
);
