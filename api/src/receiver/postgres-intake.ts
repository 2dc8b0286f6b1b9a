import type { Clock } from '../clock.js';
import type { NamedQuery } from '../db/connect.js';
import { pgBossInsertSql, pgBossJobInsert } from '../jobs/pg-boss-queue-engine.js';
import { deliveryColumns, deliveryRow, eventColumns, eventRow } from '../repositories/webhook-events.js';
import type { StoreBatch } from './event-writer.js';
import type { AcceptedEvent, IntakeJobOptions, PendingEvent } from './intake.js';
import { eventJobs } from './intake-jobs.js';

/**
 * New ids for a batch's log rows and deliveries, from their tables' sequences, in one round trip: taken
 * just before the insert, so ids still follow the order the events were stored in (the logs list by id).
 */
async function takeIds(query: NamedQuery, logs: number, deliveries: number): Promise<{ logIds: number[]; deliveryIds: number[] }> {
  const rows = await query<{ logs: number[] | null; deliveries: number[] | null }>(
    'crm_sync_intake_ids',
    `select (select array_agg(nextval(pg_get_serial_sequence('webhook_logs', 'id')))::integer[] from generate_series(1, $1)) as logs,
      (select array_agg(nextval(pg_get_serial_sequence('webhook_deliveries', 'id')))::integer[] from generate_series(1, $2)) as deliveries`,
    [logs, deliveries],
  );
  const ascending = (ids: number[] | null | undefined) => [...(ids ?? [])].sort((a, b) => a - b);
  return { logIds: ascending(rows[0]?.logs), deliveryIds: ascending(rows[0]?.deliveries) };
}

const columnList = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');

/**
 * Events, their deliveries and jobs in one statement: only an event that is new (not a copy counted on
 * its stored row) gets its deliveries and jobs (their `gate` is its log id, taken before).
 */
const storeStatement = `
  with logs as (
    insert into webhook_logs (id, ${columnList(eventColumns)})
    select id, ${columnList(eventColumns)} from json_populate_recordset(null::webhook_logs, $1::json)
    on conflict (webhook_id, dedupe_key) do update set duplicates = webhook_logs.duplicates + 1
    returning id, duplicates, webhook_id, dedupe_key
  ),
  new_logs as (select id from logs where duplicates = 0),
  deliveries as (
    insert into webhook_deliveries (id, ${columnList(deliveryColumns)})
    select id, ${columnList(deliveryColumns)} from json_populate_recordset(null::webhook_deliveries, $2::json)
    where webhook_log_id in (select id from new_logs)
  ),
  jobs as (${pgBossInsertSql('$3::json', 'j.gate in (select id from new_logs)')})
  select id, duplicates, webhook_id, dedupe_key from logs`;

type StoredRow = { id: number; duplicates: number; webhook_id: number; dedupe_key: string | null };

const keyOf = (pending: PendingEvent): string | null => (pending.row.dedupeKey === null ? null : `${pending.webhookId}\u0000${pending.row.dedupeKey}`);

/**
 * The receiver's store on PostgreSQL: a batch in one statement with no transaction to open and close,
 * two round trips in all (intake.ts storeEvents takes five), both named so that a pool of
 * preparedStatements plans them once per connection. The ids of the new rows are taken from
 * their sequences first, so the jobs' data and keys are known before the insert. One statement may not
 * change a row twice: a batch holding two copies of one event is stored in rounds, a copy in the round after.
 */
export function postgresStoreBatch(query: NamedQuery, clock: Clock, jobOptions: IntakeJobOptions): StoreBatch {
  const storeOnce = storeStatementOf(query, clock, jobOptions);
  return async (pendings: readonly PendingEvent[]): Promise<AcceptedEvent[]> => {
    const stored: AcceptedEvent[] = new Array(pendings.length);
    let left = pendings.map((pending, index) => ({ pending, index }));
    while (left.length > 0) {
      const taken = new Set<string>();
      const round = left.filter(({ pending }) => {
        const key = keyOf(pending);
        if (key !== null && taken.has(key)) return false;
        if (key !== null) taken.add(key);
        return true;
      });
      const answers = await storeOnce(round.map(({ pending }) => pending));
      round.forEach(({ index }, place) => (stored[index] = answers[place]!));
      left = left.filter((entry) => !round.includes(entry));
    }
    return stored;
  };
}

/** One statement for a batch of events no two of which share a key. */
function storeStatementOf(query: NamedQuery, clock: Clock, jobOptions: IntakeJobOptions): StoreBatch {
  return async (pendings: readonly PendingEvent[]): Promise<AcceptedEvent[]> => {
    const keys = pendings.map(keyOf);
    const now = clock.now().toISOString();
    const { logIds, deliveryIds } = await takeIds(
      query,
      pendings.length,
      pendings.reduce((sum, pending) => sum + pending.endpoints.length, 0),
    );
    const logs: object[] = [];
    const deliveries: object[] = [];
    const jobs: object[] = [];
    const eventDeliveries = pendings.map((pending, index) => {
      const logId = logIds[index]!;
      logs.push({ id: logId, ...eventRow(pending.row) });
      const ofEvent = pending.endpoints.map((endpoint) => {
        const deliveryId = deliveryIds.shift()!;
        deliveries.push({ id: deliveryId, ...deliveryRow(logId, pending.webhookId, endpoint, now) });
        return deliveryId;
      });
      if (!pending.test) for (const job of eventJobs(logId, pending.row.leadKey, ofEvent, jobOptions)) jobs.push({ ...pgBossJobInsert(job, clock), gate: logId });
      return ofEvent;
    });
    const rows = await query<StoredRow>('crm_sync_intake_store', storeStatement, [JSON.stringify(logs), JSON.stringify(deliveries), JSON.stringify(jobs)]);
    const byKey = new Map(rows.map((row) => [row.dedupe_key === null ? `id:${row.id}` : `${row.webhook_id}\u0000${row.dedupe_key}`, row]));
    return pendings.map((_pending, index): AcceptedEvent => {
      const row = byKey.get(keys[index] ?? `id:${logIds[index]!}`);
      if (row === undefined) throw new Error('The event was not stored');
      const duplicate = Number(row.duplicates) > 0;
      return { kind: 'accepted', logId: row.id, duplicate, placed: true, deliveryIds: duplicate ? [] : eventDeliveries[index]! };
    });
  };
}
