import type { Clock } from '../clock.js';
import { binaryArray } from '../db/binary-array.js';
import type { NamedQuery } from '../db/connect.js';
import { pgBossInsertSql, pgBossJobInsert, pgBossJobRecord } from '../jobs/pg-boss-queue-engine.js';
import {
  deliveryColumns,
  deliveryRow,
  eventColumns,
  eventRow,
} from '../repositories/webhook-events.js';
import type { StoreBatch } from './event-writer.js';
import { SEND_EVENT_JOBS, type SendEventJobsJob } from '../jobs/job-names.js';
import type { AcceptedEvent, IntakeJobOptions, PendingEvent } from './intake.js';

const columnList = (columns: readonly string[]) =>
  columns.map((column) => `"${column}"`).join(', ');
const nextId = (table: string) => `nextval(pg_get_serial_sequence('${table}', 'id'))`;
const deliveryFields = deliveryColumns.filter((column) => column !== 'webhook_log_id');

/**
 * The type of each column of an event's row: the events come as one array a column (unnest), which the
 * server reads in one pass. As JSON (json_populate_record) it parsed each body twice: with bodies of
 * 1.7 KB, the arrays cost the server about 25 µs less an event, and this process about 7 µs more. The
 * arrays go in their binary form (binaryArray): as text literals they cost the server about 15 µs more an
 * event (113-120 against 100 µs a 50-event batch), escaping them here and parsing them there.
 */
const eventColumnTypes = {
  user_id: 'integer',
  user_profile_id: 'integer',
  webhook_id: 'integer',
  webhook_url: 'text',
  hub_id: 'text',
  event_type: 'text',
  email: 'text',
  payload: 'text',
  results: 'text',
  created_at: 'text',
  platform: 'text',
  state: 'text',
  dedupe_key: 'text',
  is_test: 'integer',
  raw_body: 'text',
  headers: 'text',
  lead_key: 'text',
} as const satisfies Record<(typeof eventColumns)[number], 'integer' | 'text'>;
/** The statement's parameter after the events' columns: the deliveries, then the job that sends the events' jobs. */
const deliveriesParam = eventColumns.length + 1;

/**
 * Events, their deliveries and one job in one statement, one round trip. Each event (its place `n` in
 * the batch) takes its log id from the sequence here, in the batch's order, so ids follow the order
 * events are stored in (the logs list by id). Only an event that is new (not a copy counted on its stored
 * row) gets its deliveries, and a place in the job: a SEND_EVENT_JOBS job that names the statement's new
 * events (not tests) in order, with their lead and delivery ids, and sends their processing and
 * forwarding jobs (send-event-jobs.ts). A job each, here, cost the server about 40 µs an event of the
 * statement's 120 (the queue's indexes, each job's look for its lead's older jobs), and the receiver a
 * third of its throughput: the statement is the receiver's one serial step. The inputs are materialised:
 * each row takes its ids once.
 */
const storeStatement = `
  with input as materialized (
    select (u.n - 1)::integer as n, ${nextId('webhook_logs')} as new_id, ${eventColumns.map((column) => `u."${column}"`).join(', ')}
    from unnest(${eventColumns.map((column, index) => `$${index + 1}::${eventColumnTypes[column]}[]`).join(', ')}) with ordinality as u(${columnList(eventColumns)}, n)
  ),
  logs as (
    insert into webhook_logs (id, ${columnList(eventColumns)})
    select new_id, ${columnList(eventColumns)} from input order by n
    on conflict (webhook_id, dedupe_key) do update set duplicates = webhook_logs.duplicates + 1
    returning id, duplicates, webhook_id, dedupe_key
  ),
  placed as (
    select i.n, l.id, l.duplicates from input i
    join logs l on l.id = i.new_id or (l.webhook_id = i.webhook_id and l.dedupe_key = i.dedupe_key)
  ),
  delivery_input as materialized (
    select (el.doc->>'n')::integer as n, (el.doc->>'e')::integer as e, ${nextId('webhook_deliveries')} as new_id, r.*
    from json_array_elements($${deliveriesParam}::json) as el(doc)
    cross join lateral json_populate_record(null::webhook_deliveries, el.doc) as r
  ),
  deliveries as (
    insert into webhook_deliveries (id, webhook_log_id, ${columnList(deliveryFields)})
    select d.new_id, p.id, ${deliveryFields.map((column) => `d."${column}"`).join(', ')}
    from delivery_input d join placed p on p.n = d.n and p.duplicates = 0
  ),
  new_events as (
    select jsonb_agg(jsonb_build_object(
      'logId', p.id,
      'leadKey', i.lead_key,
      'deliveryIds', (select coalesce(jsonb_agg(d.new_id order by d.e), '[]') from delivery_input d where d.n = p.n)
    ) order by p.n) as events
    from placed p join input i on i.n = p.n
    where p.duplicates = 0 and i.is_test = 0
  ),
  job_input as (
    select j.id, j.name, jsonb_set(j.data, '{data,events}', e.events) as data,
      j."startAfter", j."singletonKey", j."expireInSeconds", j."retryLimit", j."retryDelay", j."retryBackoff"
    from json_to_record($${deliveriesParam + 1}::json) as j (${pgBossJobRecord})
    cross join new_events e
    where e.events is not null
  ),
  jobs as (${pgBossInsertSql('job_input as j')})
  select p.n, p.id, p.duplicates, coalesce(array_agg(d.new_id order by d.e) filter (where d.new_id is not null), '{}') as delivery_ids
  from placed p left join delivery_input d on d.n = p.n
  group by p.n, p.id, p.duplicates`;

type StoredRow = { n: number; id: number; duplicates: number; delivery_ids: number[] };

const keyOf = (pending: PendingEvent): string | null =>
  pending.row.dedupeKey === null ? null : `${pending.webhookId}\u0000${pending.row.dedupeKey}`;

/**
 * The SEND_EVENT_JOBS job of a statement, as pg-boss inserts it, its events to be filled in by the
 * statement. No job id: pg-boss makes one (the job is sent only with its events' new rows, in the same
 * statement, so it cannot be sent twice).
 */
function sendEventJobsTemplate(jobOptions: IntakeJobOptions, clock: Clock): object {
  return pgBossJobInsert(
    {
      name: SEND_EVENT_JOBS,
      data: { events: [] } satisfies SendEventJobsJob,
      options: jobOptions.sendEventJobs,
    },
    clock,
  );
}

/**
 * The receiver's store on PostgreSQL: a batch in one statement with no transaction to open and close,
 * one round trip (intake.ts storeEvents takes five), named so that a pool of preparedStatements plans it
 * once per connection. One statement may not
 * change a row twice: a batch holding two copies of one event is stored in rounds, a copy in the round after.
 */
export function postgresStoreBatch(
  query: NamedQuery,
  clock: Clock,
  jobOptions: IntakeJobOptions,
): StoreBatch {
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
function storeStatementOf(
  query: NamedQuery,
  clock: Clock,
  jobOptions: IntakeJobOptions,
): StoreBatch {
  return async (pendings: readonly PendingEvent[]): Promise<AcceptedEvent[]> => {
    const now = clock.now().toISOString();
    const logs = pendings.map((pending) => eventRow(pending.row));
    const logColumns = eventColumns.map((column) =>
      binaryArray(
        eventColumnTypes[column],
        logs.map((log) => log[column]),
      ),
    );
    const deliveries = pendings.flatMap((pending, n) =>
      pending.endpoints.map((endpoint, e) => ({
        n,
        e,
        ...deliveryRow(0, pending.webhookId, endpoint, now),
      })),
    );
    const job = sendEventJobsTemplate(jobOptions, clock);
    const rows = await query<StoredRow>('crm_sync_intake_store', storeStatement, [
      ...logColumns,
      JSON.stringify(deliveries),
      JSON.stringify(job),
    ]);
    const byPlace = new Map(rows.map((row) => [row.n, row]));
    return pendings.map((_pending, n): AcceptedEvent => {
      const row = byPlace.get(n);
      if (row === undefined) throw new Error('The event was not stored');
      const duplicate = Number(row.duplicates) > 0;
      return {
        kind: 'accepted',
        logId: row.id,
        duplicate,
        placed: true,
        deliveryIds: duplicate ? [] : row.delivery_ids,
      };
    });
  };
}
