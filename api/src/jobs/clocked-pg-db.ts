import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';

const schemaChange =
  /\b(create|alter|drop)\s+(table|index|unique|function|type|schema|extension|trigger)\b/i;

/**
 * pg-boss's database access with the queue's clock in place of PostgreSQL's: every `now()` in the
 * statements it runs (sending, fetching, failing, expiring, archiving) reads the injected clock, so
 * retries, leases and schedules move when a test moves time. Schema changes keep the server's now()
 * (column defaults must stay expressions). The time is our own ISO text, never user input.
 */
export function clockedPgDb(pool: pg.Pool, clock: Clock): PgBoss.Db {
  return {
    executeSql: (text: string, values?: unknown[]) => pool.query(withClock(text, clock), values),
  };
}

/** The same over a kysely connection or transaction of the api's, for a job sent in its transaction. */
export function clockedKyselyDb(
  db: Pick<Kysely<Database>, 'executeQuery'>,
  clock: Clock,
): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const { rows } = await db.executeQuery(
        CompiledQuery.raw(withClock(text, clock), values ?? []),
      );
      return { rows: [...rows] };
    },
  };
}

function withClock(text: string, clock: Clock): string {
  return schemaChange.test(text)
    ? text
    : text.replace(/\bnow\(\)/gi, `'${clock.now().toISOString()}'::timestamptz`);
}
