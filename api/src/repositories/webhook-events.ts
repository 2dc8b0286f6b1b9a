import { sql, type Kysely, type QueryCreator } from 'kysely';
import type { InternalEvent } from 'shared/events';
import { z } from 'zod';
import { fromFlag, type Database, type Platform, type WebhookEventState } from '../db/schema.js';
import { isPostgres } from '../db/columns.js';
import { compiledRows } from '../db/compiled-rows.js';
import { readJson, writeJson } from './json-text.js';

/** What the receiver needs of a webhook to take an event: one indexed look-up by code. */
export interface IntakeWebhook {
  id: number;
  userId: number;
  userProfileId: number;
  platform: Platform;
  ownerCanWebhook: boolean;
  /** The CRM account (HubSpot hub id, Salesforce org id): the log's hubId filter. */
  hubId: string;
  /** The owner's organization: the quotas all its webhooks share (null: the owner has none). */
  ownerOrganizationId: number | null;
  /** The secret key its Smartlead posts must carry, sealed (the receiver opens it); null: none required. */
  sealedSecretKey: string | null;
  endpoints: { userAccountId: number; url: string; eventTypes: string[] }[];
}

const stringList = z.array(z.string());

export async function findIntakeWebhook(
  db: Kysely<Database>,
  code: string,
): Promise<IntakeWebhook | undefined> {
  const row = await db
    .selectFrom('webhooks')
    .innerJoin('users', 'users.id', 'webhooks.user_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'webhooks.user_profile_id')
    .select([
      'webhooks.id',
      'webhooks.user_id',
      'webhooks.user_profile_id',
      'webhooks.email_service',
      'webhooks.smartlead_secret_key',
      'users.can_webhook',
      'users.organization_id as owner_organization_id',
      'user_profiles.organization_id',
    ])
    .where('webhooks.code', '=', code)
    .executeTakeFirst();
  if (!row) return undefined;
  const endpoints = await db
    .selectFrom('webhook_additional_endpoints')
    .innerJoin('user_accounts', 'user_accounts.id', 'webhook_additional_endpoints.user_account_id')
    .select(['user_accounts.id', 'user_accounts.url', 'webhook_additional_endpoints.event_types'])
    .where('webhook_additional_endpoints.webhook_id', '=', row.id)
    .orderBy('webhook_additional_endpoints.id')
    .execute();
  return {
    id: row.id,
    userId: row.user_id,
    userProfileId: row.user_profile_id,
    platform: row.email_service,
    ownerCanWebhook: fromFlag(row.can_webhook),
    hubId: row.organization_id,
    ownerOrganizationId: row.owner_organization_id,
    sealedSecretKey: row.smartlead_secret_key,
    endpoints: endpoints.map((endpoint) => ({
      userAccountId: endpoint.id,
      url: endpoint.url,
      eventTypes: readJson(endpoint.event_types, stringList, []),
    })),
  };
}

/** The user a code was handed to, when a webhook took it (the webhook may since have been deleted). */
export async function findUsedCodeOwner(
  db: Kysely<Database>,
  code: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('webhook_codes')
    .select('user_id')
    .where('code', '=', code)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return row?.user_id;
}

export interface NewWebhookEvent {
  userId: number;
  userProfileId: number | null;
  webhookId: number | null;
  webhookUrl: string;
  hubId: string | null;
  platform: Platform | null;
  state: WebhookEventState;
  isTest: boolean;
  /** Null for test posts and refusals: never a duplicate. */
  dedupeKey: string | null;
  rawBody: string | null;
  headers: Record<string, string>;
  event: InternalEvent | null;
  leadKey: string | null;
  errors: string[];
  /** The request path: the log's smartleadPayload.path. */
  path: string;
  receivedAt: string;
}

/** The four fields a log row shows, from the normalised event. */
const shownFields = (event: InternalEvent | null) => ({
  subject: event?.message.subject ?? null,
  to_email: event?.lead.email ?? event?.lead.profileUrl ?? null,
  from_email: event?.sender.email ?? event?.sender.profileUrl ?? null,
  event_type: event?.platformEventType ?? null,
});

/**
 * Stores an event, or counts a copy of one already stored for this webhook (same dedupe key): one
 * statement, so two copies arriving at once cannot both be taken as new.
 */
export const eventColumns = [
  'user_id',
  'user_profile_id',
  'webhook_id',
  'webhook_url',
  'hub_id',
  'event_type',
  'email',
  'payload',
  'results',
  'created_at',
  'platform',
  'state',
  'dedupe_key',
  'is_test',
  'raw_body',
  'headers',
  'lead_key',
] as const;

// runs on every post: built once per row count (compiledRows), not for each event
const insertEventRows = compiledRows(eventColumns, (db, rows) =>
  db
    .insertInto('webhook_logs')
    .values(rows as never)
    .onConflict((conflict) =>
      conflict
        .columns(['webhook_id', 'dedupe_key'])
        .doUpdateSet({ duplicates: sql<number>`webhook_logs.duplicates + 1` }),
    )
    .returning(['id', 'duplicates', 'webhook_id', 'dedupe_key']),
);

/**
 * A body as it is stored: NUL bytes shown as U+FFFD. Only a body that is not JSON holds one (JSON
 * escapes it), and PostgreSQL text cannot: its owner still sees what came, and why it was refused.
 */
const storedBody = (rawBody: string | null): string | null =>
  rawBody !== null && rawBody.includes('\u0000') ? rawBody.replaceAll('\u0000', '\ufffd') : rawBody;

/** A stored event's row in `webhook_logs`, by column. */
export function eventRow(input: NewWebhookEvent): Record<(typeof eventColumns)[number], unknown> {
  return {
    user_id: input.userId,
    user_profile_id: input.userProfileId,
    webhook_id: input.webhookId,
    webhook_url: input.webhookUrl,
    hub_id: input.hubId,
    event_type: input.event?.eventType ?? input.event?.platformEventType ?? null,
    email: input.event?.lead.email?.trim().toLowerCase() || null,
    payload: writeJson({ path: input.path, payload: shownFields(input.event) }),
    results: writeJson({ errors: input.errors }),
    created_at: input.receivedAt,
    platform: input.platform,
    state: input.state,
    dedupe_key: input.dedupeKey,
    is_test: input.isTest ? 1 : 0,
    raw_body: storedBody(input.rawBody),
    headers: writeJson(input.headers),
    lead_key: input.leadKey,
  };
}

/** Which stored row an input became: its webhook and dedupe key (a null key is its own, one per statement). */
const rowKey = (webhookId: number | null, dedupeKey: string | null): string =>
  `${webhookId ?? ''}\u0000${dedupeKey ?? '\u0001'}`;

export async function insertWebhookEvent(
  db: Kysely<Database>,
  input: NewWebhookEvent,
): Promise<{ id: number; duplicate: boolean }> {
  const [stored] = await insertWebhookEvents(db, [input]);
  return stored!;
}

/**
 * insertWebhookEvent for several events in as few statements as they allow (one, unless two share a
 * key: one statement may not change a row twice), answered in their order.
 */
export async function insertWebhookEvents(
  db: Kysely<Database>,
  inputs: readonly NewWebhookEvent[],
): Promise<{ id: number; duplicate: boolean }[]> {
  const stored: ({ id: number; duplicate: boolean } | undefined)[] = inputs.map(() => undefined);
  let left = inputs.map((input, index) => ({
    input,
    index,
    key: rowKey(input.webhookId, input.dedupeKey),
  }));
  while (left.length > 0) {
    const round = new Map<string, (typeof left)[number]>();
    const later: typeof left = [];
    for (const entry of left) {
      if (round.has(entry.key)) later.push(entry);
      else round.set(entry.key, entry);
    }
    const rows = await insertEventRows(
      db,
      [...round.values()].map(({ input }) => eventRow(input)),
    );
    for (const row of rows) {
      const entry = round.get(rowKey(row.webhook_id, row.dedupe_key));
      if (entry !== undefined)
        stored[entry.index] = { id: row.id, duplicate: Number(row.duplicates) > 0 };
    }
    left = later;
  }
  return stored.map((row) => {
    if (row === undefined) throw new Error('The event was not stored');
    return row;
  });
}

/** An event's deliveries to make: one per endpoint. */
export interface NewDeliveries {
  logId: number;
  webhookId: number;
  endpoints: readonly { userAccountId: number; url: string }[];
}

/** A new event's pending delivery to one endpoint, as a `webhook_deliveries` row. */
export const deliveryRow = (
  logId: number,
  webhookId: number,
  endpoint: { userAccountId: number; url: string },
  now: string,
) => ({
  webhook_log_id: logId,
  webhook_id: webhookId,
  user_account_id: endpoint.userAccountId,
  url: endpoint.url,
  state: 'pending' as const,
  created_at: now,
  updated_at: now,
});

/** deliveryRow's columns, in its order (the receiver's own stores name them in their statements). */
export const deliveryColumns = Object.keys(
  deliveryRow(0, 0, { userAccountId: 0, url: '' }, ''),
) as (keyof ReturnType<typeof deliveryRow>)[];

/** One pending delivery per endpoint of each event, in one statement; answers each event's delivery ids in its endpoints' order. */
export async function insertDeliveries(
  db: Kysely<Database>,
  events: readonly NewDeliveries[],
  now: string,
): Promise<number[][]> {
  const rows = events.flatMap(({ logId, webhookId, endpoints }) =>
    endpoints.map((endpoint) => deliveryRow(logId, webhookId, endpoint, now)),
  );
  if (rows.length === 0) return events.map(() => []);
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values(rows)
    .returning(['id', 'webhook_log_id', 'user_account_id'])
    .execute();
  const idOf = new Map(
    inserted.map((row) => [`${row.webhook_log_id}:${row.user_account_id}`, row.id]),
  );
  return events.map(({ logId, endpoints }) =>
    endpoints.map((endpoint) => {
      const id = idOf.get(`${logId}:${endpoint.userAccountId}`);
      if (id === undefined) throw new Error('A delivery was not stored');
      return id;
    }),
  );
}

/** What processing did to an event's row: finished it (processed or failed), or set it aside (waiting for its CRM, held by the category filter; still unprocessed). */
export type EventRowChange =
  | { state: 'processed' | 'failed'; errors: string[]; at: string }
  | { state: 'waiting' | 'held'; errors: string[] };

const changedColumns = (change: EventRowChange) => ({
  state: change.state,
  results: writeJson({ errors: change.errors }),
  processed_at: 'at' in change ? change.at : null,
});

export interface NewAttempt {
  logId: number;
  deliveryId: number | null;
  kind: 'process' | 'forward';
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  answer: string | null;
  error: string | null;
  outcome: string;
}

const attemptRow = (attempt: NewAttempt) => ({
  webhook_log_id: attempt.logId,
  delivery_id: attempt.deliveryId,
  kind: attempt.kind,
  attempt: attempt.attempt,
  started_at: attempt.startedAt,
  duration_ms: attempt.durationMs,
  status_code: attempt.statusCode,
  answer: attempt.answer,
  error: attempt.error,
  outcome: attempt.outcome,
});

async function insertAttempt(db: Kysely<Database>, attempt: NewAttempt): Promise<void> {
  await db.insertInto('webhook_attempts').values(attemptRow(attempt)).execute();
}

/** An update of the row an attempt changes, built on the executor it is given (a transaction's, or a statement's WITH). */
export type AttemptChange = (executor: QueryCreator<Database>) => { execute(): Promise<unknown> };

/**
 * Records an attempt together with what it did to another row (`change`), both or neither. Every
 * processed or forwarded event runs this: on PostgreSQL it is one statement (the attempt inserted in a
 * CTE, which PostgreSQL runs whether or not the update reads it), one round trip where a transaction
 * takes four; SQLite's CTEs cannot write, and it has no round trips to save, so there it is a transaction.
 */
export async function insertAttemptWith(
  db: Kysely<Database>,
  attempt: NewAttempt,
  change: AttemptChange,
): Promise<void> {
  if (isPostgres(db)) {
    // the CTE's table is only written, never read: the update is built on the tables of Database
    await change(
      db.with('attempt', (cte) =>
        cte.insertInto('webhook_attempts').values(attemptRow(attempt)).returning('id'),
      ) as unknown as QueryCreator<Database>,
    ).execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    await insertAttempt(trx, attempt);
    await change(trx).execute();
  });
}

/** Records an attempt at processing an event and what it did to the event's row (nothing when a retry comes). */
export async function recordProcessAttempt(
  db: Kysely<Database>,
  attempt: NewAttempt,
  change: EventRowChange | null,
): Promise<void> {
  if (change === null) return insertAttempt(db, attempt);
  const columns = changedColumns(change);
  await insertAttemptWith(db, attempt, (executor) =>
    executor.updateTable('webhook_logs').set(columns).where('id', '=', attempt.logId),
  );
}

/**
 * Deletes events received before `before`, with their deliveries and attempts; answers how many. Walks
 * the oldest rows in id order (ids grow with arrival time), so it needs no index on the time: every
 * post would pay for one.
 */
export async function deleteEventsBefore(
  db: Kysely<Database>,
  before: string,
  batchSize = 1000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const oldest = await db
      .selectFrom('webhook_logs')
      .select(['id', 'created_at'])
      .orderBy('id')
      .limit(batchSize)
      .execute();
    const expired = oldest.filter((row) => row.created_at < before).map((row) => row.id);
    if (expired.length > 0)
      total += Number(
        (await db.deleteFrom('webhook_logs').where('id', 'in', expired).executeTakeFirst())
          .numDeletedRows,
      );
    if (expired.length < oldest.length || oldest.length < batchSize) return total;
  }
}
