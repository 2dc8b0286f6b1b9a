import { PROCESS_EVENT, type ProcessEventJob } from '../src/jobs/job-names.js';
import { intakeJobOptions } from '../src/receiver/job-options.js';
import {
  storeEvents,
  takeKnownPost,
  type AcceptedEvent,
  type KnownPost,
  type KnownPostResult,
} from '../src/receiver/intake.js';
import { startIntakeWriter, type IntakeDatabase } from '../src/receiver/intake-writer.js';
import { findIntakeWebhook, insertWebhookEvent } from '../src/repositories/webhook-events.js';
import { insertWebhookRow } from './helpers/rows.js';
import { builtApi, distinctSmartleadEvent } from './helpers/spawned.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testDialect } from './helpers/test-database.js';
import { runSendEventJobs } from './helpers/send-event-jobs.js';
import { sql } from 'kysely';

interface JobRow {
  queue: string;
  data: string | { logId?: number; deliveryId?: number };
  state: string;
  ordering_key: string | null;
  retry_limit: number;
  /** pg-boss's columns, on PostgreSQL */
  [column: string]: unknown;
}

/** The jobs in the order they were sent, on either engine (the SQLite `jobs` table, pg-boss's). */
async function sentJobs(t: TestApp): Promise<JobRow[]> {
  if (testDialect() === 'sqlite')
    return t.app.db
      .selectFrom('jobs')
      .select(['queue', 'data', 'state', 'ordering_key', 'retry_limit'])
      .orderBy('id')
      .execute();
  const { rows } =
    await sql<JobRow>`select name as queue, data->'data' as data, state, singleton_key as ordering_key, retry_limit,
      data->'backoff' as backoff, expire_in::text, (keep_until - start_after)::text as kept, policy, dead_letter, retry_delay, retry_backoff, priority from pgboss.job
    where name in ('process-event', 'forward-event') order by created_on, (data->>'seq')::bigint`.execute(
      t.app.db,
    );
  return rows;
}

/**
 * What a batch left in the database, ids (the two writers may number rows differently) as places in their
 * tables, once the job that sends a PostgreSQL intake statement's jobs has run (the api's thread sends them itself).
 */
async function storedState(t: TestApp) {
  await runSendEventJobs(t);
  const logs = await t.app.db
    .selectFrom('webhook_logs')
    .select([
      'id',
      'dedupe_key',
      'duplicates',
      'state',
      'is_test',
      'lead_key',
      'headers',
      'event_type',
      'email',
    ])
    .orderBy('id')
    .execute();
  const deliveries = await t.app.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'webhook_log_id', 'url', 'state'])
    .orderBy('id')
    .execute();
  const jobs = await sentJobs(t);
  const logPlace = (id: number) => logs.findIndex((log) => log.id === id);
  const deliveryPlace = (id: number) => deliveries.findIndex((delivery) => delivery.id === id);
  return {
    logs: logs.map(({ id: _id, ...log }) => log),
    deliveries: deliveries.map(({ id: _id, webhook_log_id, ...delivery }) => ({
      ...delivery,
      log: logPlace(webhook_log_id),
    })),
    jobs: jobs.map(({ data, ...job }) => {
      const { logId, deliveryId } =
        typeof data === 'string'
          ? (JSON.parse(data) as { logId?: number; deliveryId?: number })
          : data;
      return {
        ...job,
        log: logId === undefined ? null : logPlace(logId),
        delivery: deliveryId === undefined ? null : deliveryPlace(deliveryId),
      };
    }),
  };
}

/** The outcomes of a batch, ids as places in it. */
const outcomes = (results: KnownPostResult[]) => {
  const logIds = [...new Set(results.map((result) => result.logId))];
  return results.map((result) =>
    result.kind === 'accepted'
      ? {
          kind: result.kind,
          log: logIds.indexOf(result.logId),
          duplicate: result.duplicate,
          placed: result.placed,
          deliveries: result.deliveryIds.length,
        }
      : { kind: result.kind, log: logIds.indexOf(result.logId), message: result.message },
  );
};

/** Posts to the webhook `code` as the receiver's route hands them to the intake (not taken yet): a body, and whether it is a test post. */
async function postsTo(
  t: TestApp,
  code: string,
): Promise<(rawBody: string, test?: boolean) => KnownPost> {
  const webhook = (await findIntakeWebhook(t.app.db, code))!;
  return (rawBody, test = false) => ({
    webhook,
    post: {
      code,
      path: `/webhooks/${code}`,
      rawBody,
      headers: { 'content-type': 'application/json' },
    },
    webhookUrl: `${t.config.publicUrl}/webhooks/${code}`,
    receivedAt: t.app.clock.now().toISOString(),
    test,
  });
}

/** The intake thread of the built api (the unit tests run the sources), on the test's database. */
function intakeThread(
  t: TestApp,
  fallback: (known: KnownPost) => Promise<KnownPostResult> = async () => {
    throw new Error('the intake thread should have taken the post');
  },
) {
  const database: IntakeDatabase =
    testDialect() === 'postgres'
      ? { kind: 'postgres', url: t.config.databaseUrl! }
      : { kind: 'sqlite', path: t.config.databasePath };
  return startIntakeWriter(
    { database, jobOptions: intakeJobOptions(t.config), fallback },
    builtApi('receiver/intake-writer-thread.js'),
  );
}

/** The api's own thread: the same steps without the intake thread (intake.ts takeKnownPost, storeEvents). */
const takeHere = (t: TestApp) => (known: KnownPost) =>
  takeKnownPost(
    known,
    async (pending) =>
      (await storeEvents(t.app.deps, t.app.queue, [pending], intakeJobOptions(t.config)))[0]!,
    (row) => insertWebhookEvent(t.app.db, row),
  );

/**
 * The intake thread (intake-writer.ts) reads and stores posts exactly as the api's thread does: new
 * events with their deliveries and jobs, a copy counted on its event with no jobs, a test post with no
 * jobs, valid JSON the normaliser cannot place kept as failed, and a body that is no JSON kept as invalid.
 */
describe('the receiver’s intake thread', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  /** A fresh api with a Smartlead webhook forwarding replies to one endpoint, and the posts to it (not taken yet). */
  async function knownPosts(): Promise<{ t: TestApp; posts: KnownPost[] }> {
    const t = await createTestApp();
    apps.push(t);
    const body = (index: number) => distinctSmartleadEvent('writer', index, 2);
    // the endpoint takes the events' type
    const eventType = JSON.parse(body(0)).event_type as string;
    const row = await insertWebhookRow(t.app, 'admin', {
      endpoints: [{ url: 'https://hooks.example/replies', eventTypes: [eventType, 'EMAIL_REPLY'] }],
    });
    const post = await postsTo(t, row.code);
    // two leads, a copy of the first event, a test post, JSON no normaliser places, and no JSON at all
    const posts = [
      post(body(0)),
      post(body(1)),
      post(body(2)),
      post(body(0)),
      post(body(3), true),
      post('{"hello":"there"}'),
      post('{"event_type": '),
    ];
    return { t, posts };
  }

  it('stores, counts copies, keeps the unreadable and sends jobs as the api’s thread does', async () => {
    const inThread = await knownPosts();
    const here = await knownPosts();
    const writer = intakeThread(inThread.t);
    try {
      // the first post alone, then the rest at once (one batch) with a copy of it
      const inTwo = <T>(list: T[]) => [list.slice(0, 1), list.slice(1)];
      const taken: KnownPostResult[] = [];
      for (const batch of inTwo(inThread.posts))
        taken.push(...(await Promise.all(batch.map(writer.takeKnown))));
      const expected: KnownPostResult[] = [];
      for (const known of here.posts) expected.push(await takeHere(here.t)(known));
      expect(outcomes(taken)).toEqual(outcomes(expected));
      expect(taken.map((result) => result.kind)).toEqual([
        'accepted',
        'accepted',
        'accepted',
        'accepted',
        'accepted',
        'accepted',
        'invalid',
      ]);
      expect(taken.map((result) => result.kind === 'accepted' && result.duplicate)).toEqual([
        false,
        false,
        false,
        true,
        false,
        false,
        false,
      ]);
      expect(taken.map((result) => result.kind === 'accepted' && result.placed)).toEqual([
        true,
        true,
        true,
        true,
        true,
        false,
        false,
      ]);
      const first = taken[0] as AcceptedEvent;
      expect(first.deliveryIds).toHaveLength(1);
      expect(taken[3]!.logId).toBe(first.logId);

      const [threadState, hereState] = [await storedState(inThread.t), await storedState(here.t)];
      expect(threadState).toEqual(hereState);
      // the three new events (two of lead 0, one of lead 1) each processed and forwarded, in their order
      expect(threadState.jobs.map((job) => [job.queue, job.log, job.delivery])).toEqual([
        ['process-event', 0, null],
        ['forward-event', null, 0],
        ['process-event', 1, null],
        ['forward-event', null, 1],
        ['process-event', 2, null],
        ['forward-event', null, 2],
      ]);
      expect(threadState.logs.map((log) => log.state)).toEqual([
        'queued',
        'queued',
        'queued',
        'queued',
        'failed',
        'invalid',
      ]);
      const rawBodies = await inThread.t.app.db
        .selectFrom('webhook_logs')
        .select('raw_body')
        .orderBy('id')
        .execute();
      expect(rawBodies.map((row) => row.raw_body)).toEqual(
        [0, 1, 2, 4, 5, 6].map((index) => inThread.posts[index]!.post.rawBody),
      );
      expect(threadState.logs[0]!.duplicates).toBe(1);
    } finally {
      await writer.close();
    }
  }, 60_000);

  it('stores an event whose fields hold escaped NUL characters, and a body holding a NUL byte, as the api’s thread does', async () => {
    const stores = await Promise.all(
      [0, 1].map(async () => {
        const t = await createTestApp();
        apps.push(t);
        const post = await postsTo(t, (await insertWebhookRow(t.app, 'admin')).code);
        const event = JSON.parse(distinctSmartleadEvent('nul', 0)) as Record<string, unknown>;
        return {
          t,
          posts: [
            post(
              JSON.stringify({
                ...event,
                stats_id: 'nul-\u0000-0',
                sl_lead_email: 'ja\u0000ne@acme.com',
              }),
            ),
            post('{"event_type": "EMAIL_REPLY\u0000"}'),
          ],
        };
      }),
    );
    const [inThread, here] = stores as [(typeof stores)[0], (typeof stores)[0]];
    const writer = intakeThread(inThread.t);
    try {
      const taken = await Promise.all(inThread.posts.map(writer.takeKnown));
      const expected: KnownPostResult[] = [];
      for (const known of here.posts) expected.push(await takeHere(here.t)(known));
      expect(outcomes(taken)).toEqual(outcomes(expected));
      expect(taken.map((result) => result.kind)).toEqual(['accepted', 'invalid']);
      const [threadState, hereState] = [await storedState(inThread.t), await storedState(here.t)];
      expect(threadState).toEqual(hereState);
      expect(
        threadState.logs.map(({ state, email, dedupe_key }) => ({ state, email, dedupe_key })),
      ).toEqual([
        { state: 'queued', email: 'jane@acme.com', dedupe_key: 'smartlead:nul--0:EMAIL_REPLY' },
        { state: 'invalid', email: null, dedupe_key: null },
      ]);
    } finally {
      await writer.close();
    }
  }, 60_000);

  it('stores posts sent turn after turn as the api’s thread does, in their order, each event once however its copies are spread', async () => {
    const inThread = await knownPosts();
    const here = await knownPosts();
    const writer = intakeThread(inThread.t);
    try {
      // each post in a turn of its own (batches of events and unreadable posts), then copies of the first four in one
      const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
      const sent: Promise<KnownPostResult>[] = [];
      for (const known of inThread.posts) {
        sent.push(writer.takeKnown(known));
        await nextTurn();
      }
      sent.push(...inThread.posts.slice(0, 4).map(writer.takeKnown));
      const taken = await Promise.all(sent);
      const expected: KnownPostResult[] = [];
      for (const known of [...here.posts, ...here.posts.slice(0, 4)])
        expected.push(await takeHere(here.t)(known));
      expect(outcomes(taken)).toEqual(outcomes(expected));
      expect(await storedState(inThread.t)).toEqual(await storedState(here.t));
      // the first event, in four posts (two in each round), is stored once and counted three times more
      expect((await storedState(inThread.t)).logs[0]!.duplicates).toBe(3);
    } finally {
      await writer.close();
    }
  }, 60_000);

  it('fails only the post that cannot be stored, the others of its moment stored and answered', async () => {
    const { t, posts } = await knownPosts();
    const writer = intakeThread(t);
    try {
      // an owner deleted after the webhook was looked up: its row breaks the users key, and the batch is retried one by one
      const orphan: KnownPost = {
        ...posts[1]!,
        webhook: { ...posts[1]!.webhook, userId: 987_654 },
      };
      const sent = [posts[0]!, orphan, posts[2]!].map(writer.takeKnown);
      const settled = await Promise.allSettled(sent);
      expect(settled.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      const stored = await t.app.db
        .selectFrom('webhook_logs')
        .select('raw_body')
        .orderBy('id')
        .execute();
      expect(stored.map((row) => row.raw_body)).toEqual([
        posts[0]!.post.rawBody,
        posts[2]!.post.rawBody,
      ]);
    } finally {
      await writer.close();
    }
  }, 60_000);

  (testDialect() === 'postgres' ? it : it.skip)(
    'stores an event behind two unfinished of its lead set aside, out of the claim’s search, and runs the lead’s events in order',
    async () => {
      const t = await createTestApp();
      apps.push(t);
      const row = await insertWebhookRow(t.app, 'admin');
      const postTo = await postsTo(t, row.code);
      const post = (index: number) => postTo(distinctSmartleadEvent('behind', index, 1));
      const writer = intakeThread(t);
      try {
        const logIds: (number | null)[] = [];
        const take = async (index: number) =>
          void logIds.push((await writer.takeKnown(post(index))).logId);
        await take(0);
        await runSendEventJobs(t);
        // the lead's first event in a worker's hands
        let finishFirst: () => void = () => undefined;
        let claimed = false;
        const running = t.app.queue.runNext<ProcessEventJob>(
          PROCESS_EVENT,
          () => ((claimed = true), new Promise<void>((resolve) => (finishFirst = resolve))),
        );
        while (!claimed) await new Promise((resolve) => setTimeout(resolve, 5));
        for (const index of [1, 2, 3]) await take(index);
        // each statement's job sends its event's job, in the statements' order
        expect(await runSendEventJobs(t)).toBe(3);
        const { rows } = await sql<{ aside: boolean }>`
        select start_after = 'infinity' as aside from pgboss.job where name = ${PROCESS_EVENT} order by created_on, (data->>'seq')::bigint`.execute(
          t.app.db,
        );
        // the second waits behind one (which may finish meanwhile): a claim sets it aside
        expect(rows.map((job) => job.aside)).toEqual([false, false, true, true]);

        finishFirst();
        await running;
        const ran: number[] = [];
        while (
          await t.app.queue.runNext<ProcessEventJob>(
            PROCESS_EVENT,
            async (job) => void ran.push(job.data.logId),
          )
        ) {
          // next
        }
        expect(ran).toEqual(logIds.slice(1));
      } finally {
        await writer.close();
      }
    },
    60_000,
  );

  it('takes posts on the api’s thread once the intake thread is gone', async () => {
    const { t, posts } = await knownPosts();
    const onFallback: KnownPost[] = [];
    const writer = intakeThread(t, (known) => {
      onFallback.push(known);
      return takeHere(t)(known);
    });
    await writer.close();
    const taken = await Promise.all(posts.slice(0, 2).map(writer.takeKnown));
    expect(taken.map((result) => result.kind === 'accepted' && !result.duplicate)).toEqual([
      true,
      true,
    ]);
    expect(onFallback).toEqual(posts.slice(0, 2));
  }, 60_000);
});
