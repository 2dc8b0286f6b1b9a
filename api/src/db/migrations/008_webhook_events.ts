import { sql, type Kysely } from 'kysely';
import { withIdColumn } from '../columns.js';

/**
 * The receiver's event store. A webhook log row is the event itself: the raw body and the headers
 * that matter, stored before the platform gets its answer, with its dedupe key (one row per event of a
 * webhook, however often the platform retries it), its normalised form and what became of it. Refused
 * and malformed posts are rows too (state refused / invalid, no jobs) so their owner sees them.
 * Deliveries to additional endpoints and every processing step or delivery attempt hang off the row
 * and go with it when the retention job deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'text' | 'integer', string | number | null][] = [
    ['platform', 'text', null],
    ['state', 'text', 'processed'],
    ['dedupe_key', 'text', null],
    ['duplicates', 'integer', 0],
    ['is_test', 'integer', 0],
    ['raw_body', 'text', null],
    ['headers', 'text', '{}'],
    ['event', 'text', null],
    ['lead_key', 'text', null],
    ['processed_at', 'text', null],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('webhook_logs')
      .addColumn(name, type, (col) => (fallback === null ? col : col.notNull().defaultTo(fallback)))
      .execute();
  }
  await db.schema
    .createIndex('webhook_logs_webhook_dedupe_key')
    .on('webhook_logs')
    .columns(['webhook_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('webhook_logs_created_at')
    .on('webhook_logs')
    .column('created_at')
    .execute();

  await withIdColumn(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('webhook_log_id', 'integer', (col) =>
      col.notNull().references('webhook_logs.id').onDelete('cascade'),
    )
    .addColumn('webhook_id', 'integer', (col) => col.references('webhooks.id').onDelete('set null'))
    .addColumn('user_account_id', 'integer', (col) =>
      col.references('user_accounts.id').onDelete('set null'),
    )
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('pending', 'delivered', 'failed', 'dead', 'stopped')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('replays', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_log')
    .on('webhook_deliveries')
    .column('webhook_log_id')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook_state')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'state'])
    .execute();

  await withIdColumn(db, db.schema.createTable('webhook_attempts'))
    .addColumn('webhook_log_id', 'integer', (col) =>
      col.notNull().references('webhook_logs.id').onDelete('cascade'),
    )
    .addColumn('delivery_id', 'integer', (col) =>
      col.references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('process', 'forward')`))
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('answer', 'text')
    .addColumn('error', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_log')
    .on('webhook_attempts')
    .column('webhook_log_id')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .column('delivery_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropIndex('webhook_logs_created_at').execute();
  await db.schema.dropIndex('webhook_logs_webhook_dedupe_key').execute();
  for (const name of [
    'processed_at',
    'lead_key',
    'event',
    'headers',
    'raw_body',
    'is_test',
    'duplicates',
    'dedupe_key',
    'state',
    'platform',
  ]) {
    await db.schema.alterTable('webhook_logs').dropColumn(name).execute();
  }
}
