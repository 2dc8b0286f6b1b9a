import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
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
 * pending migrations, seeds the demo data and closes it with the app.
 */
export const databasePlugin = globalPlugin<{ databasePath: string; databaseUrl?: string | undefined; clock: Clock }>(async (app, { databasePath, databaseUrl, clock }) => {
  const db = connectDatabase(databaseUrl ?? databasePath);
  try {
    await migrateToLatest(db);
    await seedDatabase(db);
    await deleteExpiredSessions(db, clock.now());
  } catch (error) {
    await db.destroy();
    throw error;
  }
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
});
