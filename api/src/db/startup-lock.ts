import { sql, type Kysely } from 'kysely';
import { isPostgres } from './columns.js';

/** The advisory lock of our start-up work on PostgreSQL (any constant of ours; kysely's migrator takes another). */
export const STARTUP_LOCK_KEY = 7_215_304_118;
/** How long a process waits for another one's start-up work on SQLite (PostgreSQL waits as long as it takes). */
const SQLITE_WAIT_MS = 120_000;

const isBusy = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/** BEGIN IMMEDIATE takes the file's write lock; better-sqlite3 waits busy_timeout for it, then this waits again. */
async function beginImmediate<DB>(connection: Kysely<DB>): Promise<void> {
  const deadline = Date.now() + SQLITE_WAIT_MS;
  for (;;) {
    try {
      await sql`begin immediate`.execute(connection);
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
    }
  }
}

/**
 * Runs `work` (on one connection, which it gets) while no other process runs its own on the same
 * database: processes started together on a new database would otherwise all migrate and seed it at
 * once, and all but one fail. PostgreSQL: a session advisory lock. SQLite: one BEGIN IMMEDIATE
 * transaction, committed when `work` succeeds (the migrations are all or nothing there too).
 */
export function withStartupLock<DB, T>(
  db: Kysely<DB>,
  work: (connection: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    if (isPostgres(db)) {
      await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
      try {
        return await work(connection);
      } finally {
        await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
      }
    }
    await beginImmediate(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
