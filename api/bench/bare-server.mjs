// The bench's baseline (receiver.mjs): a bare Fastify server with one POST route that inserts one row
// and answers, on SQLite (better-sqlite3 through kysely, in WAL mode) or PostgreSQL (pg). What the real
// receiver does beyond this is its cost. On SQLite the baseline keeps better-sqlite3's synchronous NORMAL,
// which does not sync a commit to disk, while the api asks for FULL (api/src/db/connect.ts: an answered
// event survives a power cut) and syncs once per batch: the baseline does less than the receiver there.
// On PostgreSQL both sync each commit (the server's default).
//   node api/bench/bare-server.mjs <port> <sqlite file | postgres:// URL>
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';

const [port, location] = process.argv.slice(2);
const postgres = /^postgres(ql)?:\/\//i.test(location);

let insert;
if (postgres) {
  const pool = new pg.Pool({ connectionString: location, max: 10 });
  await pool.query(
    'create table if not exists bare_events (id bigserial primary key, code text not null, raw_body text not null, received_at text not null)',
  );
  insert = (code, body) =>
    pool.query('insert into bare_events (code, raw_body, received_at) values ($1, $2, $3)', [
      code,
      body,
      new Date().toISOString(),
    ]);
} else {
  const sqlite = new SQLite(location);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  await sql`create table if not exists bare_events (id integer primary key, code text not null, raw_body text not null, received_at text not null)`.execute(
    db,
  );
  insert = (code, body) =>
    db
      .insertInto('bare_events')
      .values({ code, raw_body: body, received_at: new Date().toISOString() })
      .execute();
}

const app = Fastify({ logger: false });
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
app.post('/webhooks/:code', async (request) => {
  await insert(request.params.code, request.body);
  return { received: true };
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(port) });
