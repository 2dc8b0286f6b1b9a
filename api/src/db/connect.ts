import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer.js';

/** postgres://… or postgresql://… (the forms libpq and `pg` accept). */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

/**
 * The one place that picks the SQL dialect: PostgreSQL when `location` is a postgres:// or
 * postgresql:// URL, else SQLite at that file path (or ':memory:'). The queries are the same on both.
 */
export function connectDatabase(
  location: string,
  { poolMax }: { poolMax?: number } = {},
): Kysely<Database> {
  return isPostgresUrl(location)
    ? kyselyOnPostgres(openPostgresPool(location, { max: poolMax }))
    : connectSqlite(location);
}

/** A connection to the api's SQLite file with its settings (each connection to it opens through here: the api's, the receiver's intake thread's). */
export function openSqlite(databasePath: string): SQLite.Database {
  if (databasePath !== ':memory:') fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  const sqlite = new SQLite(databasePath);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  if (databasePath === ':memory:') return sqlite;
  sqlite.pragma('journal_mode = WAL');
  // an event answered 200 must survive a power cut, not only a crash: better-sqlite3 builds WAL mode with
  // synchronous NORMAL (no sync on commit), so ask for FULL (a setting of the connection, not the file);
  // the receiver commits events in batches
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
  return sqlite;
}

/** kysely on one SQLite connection of openSqlite, with no checkpointer of its own (the receiver's intake thread: the api's connection checkpoints the file). */
export const kyselyOnSqlite = (sqlite: SQLite.Database): Kysely<Database> =>
  new SqliteKysely(withStatementCache(sqlite));

function connectSqlite(databasePath: string): Kysely<Database> {
  const sqlite = openSqlite(databasePath);
  if (databasePath === ':memory:') return new SqliteKysely(withStatementCache(sqlite));
  const checkpointer = startWalCheckpointer(databasePath);
  return new SqliteKysely(withStatementCache(sqlite, () => checkpointer.stop()));
}

/**
 * kysely's SQLite driver calls the database's close() without awaiting it, so its destroy() would
 * return while the checkpointer's thread still holds the file; this destroy() returns once both are closed.
 */
class SqliteKysely extends Kysely<Database> {
  readonly #database: CachedSqlite;

  constructor(database: CachedSqlite) {
    super({ dialect: new SqliteDialect({ database }) });
    this.#database = database;
  }

  override async destroy(): Promise<void> {
    await super.destroy();
    await this.#database.closed();
  }
}

/** Statements kept prepared, by SQL text: the api runs the same few hundred statements over and over. */
const STATEMENT_CACHE_SIZE = 500;

type CachedSqlite = SqliteDatabase & { closed(): Promise<void> };

/**
 * better-sqlite3 with its prepared statements reused: kysely prepares every query it runs, and
 * preparing costs more than running the small statements of a webhook post. kysely runs one statement
 * at a time on its one SQLite connection, so a cached statement is never in use twice at once.
 */
function withStatementCache(
  sqlite: SQLite.Database,
  beforeClose: () => Promise<void> = async () => undefined,
): CachedSqlite {
  const cache = new Map<string, SQLite.Statement>();
  let closing: Promise<void> = Promise.resolve();
  return {
    close() {
      closing = beforeClose().then(() => {
        sqlite.close();
      });
      return closing;
    },
    closed: () => closing,
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement === undefined) {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * bigint columns and count(*) arrive from `pg` as strings; SQLite gives numbers. Both become numbers
 * here (the values the api stores — ids, counts, epoch seconds — are far below 2^53).
 */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if ((oid === INT8_OID || oid === NUMERIC_OID) && format !== 'binary')
      return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A pool of connections to the api's PostgreSQL database with the api's settings (each pool to it
 * opens through here); `options` are its sessions' own settings (`-c name=value`), if any.
 */
export function openPostgresPool(
  url: string,
  { options, max = 10 }: { options?: string; max?: number | undefined } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: typeParsers,
    ...(options === undefined ? {} : { options }),
  });
  // An idle client that loses its server emits 'error' on the pool; without a listener that would end
  // the process. The pool drops the client and the next query gets a fresh one (or fails normally).
  pool.on('error', () => undefined);
  return pool;
}

/** kysely on a pool of openPostgresPool. */
export const kyselyOnPostgres = (pool: pg.Pool): Kysely<Database> =>
  new Kysely<Database>({ dialect: new InputCheckingPostgresDialect({ pool }) });

/**
 * Runs one of a few hot statements by name, its rows answered. On a pool (preparedStatements) each
 * connection parses and plans it once, then runs the kept plan: for a large statement that runs
 * for every batch of posts, planning costs the server more than running it does.
 */
export type NamedQuery = <Row>(
  name: string,
  text: string,
  values: readonly unknown[],
) => Promise<Row[]>;

export const preparedStatements =
  (pool: pg.Pool): NamedQuery =>
  async <Row>(name: string, text: string, values: readonly unknown[]) => {
    try {
      return (await pool.query({ name, text, values: [...values] })).rows as Row[];
    } catch (error) {
      throw translateDatabaseError(error);
    }
  };

/** The same statements through kysely, planned on each run (a connection kysely holds has no names). */
export const plainStatements =
  (db: Kysely<Database>): NamedQuery =>
  async <Row>(_name: string, text: string, values: readonly unknown[]) =>
    (await db.executeQuery<Row>(CompiledQuery.raw(text, [...values]))).rows;

/**
 * A value the client sent that PostgreSQL refuses but SQLite stores: a NUL character in text, an
 * integer beyond 32 bits for an integer column, text too long for an index. These are the client's
 * mistakes, so they are 400s (the error handler sends the message), never 500s.
 */
export class DatabaseInputError extends Error {
  readonly statusCode = 400;

  constructor(message: string) {
    super(message);
    this.name = 'DatabaseInputError';
  }
}

const inputErrorMessages: Record<string, string> = {
  '22003': 'Invalid value: a number is out of range',
  '22021': 'Invalid value: text must not contain the NUL character',
  '22P05': 'Invalid value: text must not contain the NUL character',
  '22P02': 'Invalid value: not a valid number',
  '22001': 'Invalid value: text is too long',
  '54000': 'Invalid value: text is too long',
};

/** The DatabaseInputError for a PostgreSQL error caused by a request's values; the error itself otherwise. */
export function translateDatabaseError(error: unknown): unknown {
  if (error instanceof pg.DatabaseError && error.code !== undefined) {
    const message = inputErrorMessages[error.code];
    if (message !== undefined) return new DatabaseInputError(message);
  }
  return error;
}

const checked = Symbol('crm-sync.checked-connection');

/** kysely's PostgresDialect whose connections turn input errors into DatabaseInputError. */
class InputCheckingPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => checkConnection(await acquire());
    return driver;
  }
}

/** Patches the connection object in place: the driver releases it through a private method of the original. */
function checkConnection(connection: DatabaseConnection): DatabaseConnection {
  const target = connection as DatabaseConnection & { [checked]?: true };
  if (target[checked]) return connection;
  const executeQuery = connection.executeQuery.bind(connection);
  target.executeQuery = async <R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> => {
    try {
      return await executeQuery<R>(compiledQuery);
    } catch (error) {
      throw translateDatabaseError(error);
    }
  };
  target[checked] = true;
  return connection;
}
