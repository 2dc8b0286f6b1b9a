import { PROCESS_EVENT, type ProcessEventJob } from '../src/jobs/job-names.js';
import { intakeJobOptions } from '../src/receiver/job-options.js';
import { intakeMessages } from '../src/receiver/intake-messages.js';
import { createEventWriter } from '../src/receiver/event-writer.js';
import {
  planKnownPost,
  type AcceptedEvent,
  type KnownPost,
  type KnownPostResult,
} from '../src/receiver/intake.js';
import { intakeStoreFor } from '../src/receiver/intake-store.js';
import { startIntakeWriter, type IntakeDatabase } from '../src/receiver/intake-writer.js';
import { findIntakeWebhook } from '../src/repositories/webhook-events.js';
import { insertWebhookRow } from './helpers/rows.js';
import { builtApi, distinctSmartleadEvent } from './helpers/spawned.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testDialect } from './helpers/test-database.js';
import { runSendEventJobs } from './helpers/send-event-jobs.js';

/** A Smartlead body as the intake stores it: its secret_key redacted, every other byte as posted. */
const storedBody = (rawBody: string | undefined) =>
  rawBody?.replace(/"secret_key":"[^"]*"/, '"secret_key":"[redacted]"');

/** The jobs in the order they were sent (the `jobs` table, on both engines). */
async function sentJobs(t: TestApp) {
  return t.app.db
    .selectFrom('jobs')
    .select(['queue', 'data', 'state', 'ordering_key', 'retry_limit', 'priority'])
    .where('queue', 'in', ['process-event', 'forward-event'])
    .orderBy('id')
    .execute();
}

/**
 * What a batch left in the database, ids as places in their tables, once the job that sends a
 * PostgreSQL intake commit's jobs has run (on SQLite the store sends them itself).
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
      const { logId, deliveryId } = JSON.parse(data) as { logId?: number; deliveryId?: number };
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
    requiredSecretKey: null,
  });
}

interface Taker {
  takeKnown(known: KnownPost): Promise<KnownPostResult>;
  close(): Promise<void>;
}

/** The intake thread of the built api (the unit tests run the sources), on the test's database. */
function intakeThread(
  t: TestApp,
  fallback: (known: KnownPost) => Promise<KnownPostResult> = async () => {
    throw new Error('the intake thread should have taken the post');
  },
): Taker {
  const database: IntakeDatabase =
    testDialect() === 'postgres'
      ? { kind: 'postgres', url: t.config.databaseUrl! }
      : { kind: 'sqlite', path: t.config.databasePath };
  return startIntakeWriter(
    { database, jobOptions: intakeJobOptions(t.config), clock: t.app.clock, fallback },
    builtApi('receiver/intake-writer-thread.js'),
  );
}

/** The api's own thread, as the route takes posts without the intake thread: the same store, through a group commit. */
function apiThread(t: TestApp): Taker {
  const store = intakeStoreFor({
    db: t.app.db,
    clock: t.app.clock,
    jobs: t.app.queue,
    jobOptions: intakeJobOptions(t.config),
  });
  const write = createEventWriter(store.store).write;
  return { takeKnown: (known) => write(planKnownPost(known)), close: async () => undefined };
}

/** A fresh api with a Smartlead webhook forwarding replies to one endpoint, and the posts to it (not taken yet). */
async function knownPosts(apps: TestApp[]): Promise<{ t: TestApp; posts: KnownPost[] }> {
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

const event = (log: number, deliveries = 1) => ({
  kind: 'accepted',
  log,
  duplicate: false,
  placed: true,
  deliveries,
});
const copy = (log: number) => ({
  kind: 'accepted',
  log,
  duplicate: true,
  placed: true,
  deliveries: 0,
});
/** What knownPosts' seven posts become: three events, a copy, a test event, an unplaced post and an invalid one. */
const sevenPosts = [
  event(0),
  event(1),
  event(2),
  copy(0),
  event(3),
  { kind: 'accepted', log: 4, duplicate: false, placed: false, deliveries: 0 },
  { kind: 'invalid', log: 5, message: expect.stringContaining('not valid JSON') },
];

/**
 * The one intake store (intake-store.ts) as each of the receiver's threads uses it: new events with
 * their deliveries and jobs, a copy counted on its event with no jobs, a test post with no jobs, valid
 * JSON the normaliser cannot place kept as failed, and a body that is no JSON kept as invalid.
 */
describe.each([
  ['the receiver’s intake thread', (t: TestApp) => intakeThread(t)],
  ['the api’s thread', apiThread],
])('the intake store on %s', (_where, takerOf) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('stores, counts copies, keeps the unreadable and sends the new events’ jobs', async () => {
    const { t, posts } = await knownPosts(apps);
    const taker = takerOf(t);
    try {
      // the first post alone, then the rest at once (one batch) with a copy of it
      const taken: KnownPostResult[] = [];
      for (const batch of [posts.slice(0, 1), posts.slice(1)])
        taken.push(...(await Promise.all(batch.map(taker.takeKnown))));
      expect(outcomes(taken)).toEqual(sevenPosts);
      const first = taken[0] as AcceptedEvent;
      expect(taken[3]!.logId).toBe(first.logId);

      const state = await storedState(t);
      // the three new events (two of lead 0, one of lead 1) each processed and forwarded, in their order
      expect(state.jobs.map((job) => [job.queue, job.log, job.delivery])).toEqual([
        ['process-event', 0, null],
        ['forward-event', null, 0],
        ['process-event', 1, null],
        ['forward-event', null, 1],
        ['process-event', 2, null],
        ['forward-event', null, 2],
      ]);
      // replies: their processing in the first lane (issue 55), their forwarding in the default one
      expect(state.jobs.map((job) => [job.queue, Number(job.priority)])).toEqual([
        ['process-event', 1],
        ['forward-event', 0],
        ['process-event', 1],
        ['forward-event', 0],
        ['process-event', 1],
        ['forward-event', 0],
      ]);
      expect(state.jobs.map((job) => [job.state, job.ordering_key === null])).toEqual([
        ['created', false],
        ['created', true],
        ['created', false],
        ['created', true],
        ['created', false],
        ['created', true],
      ]);
      expect(state.deliveries).toEqual(
        [0, 1, 2, 3].map((log) => ({
          url: 'https://hooks.example/replies',
          state: 'pending',
          log,
        })),
      );
      expect(
        state.logs.map(({ state: logState, duplicates, is_test }) => [
          logState,
          Number(duplicates),
          Number(is_test),
        ]),
      ).toEqual([
        ['queued', 1, 0],
        ['queued', 0, 0],
        ['queued', 0, 0],
        ['queued', 0, 1],
        ['failed', 0, 0],
        ['invalid', 0, 0],
      ]);
      // the first and third events are of one lead, the second of another
      expect(state.logs[2]!.lead_key).toBe(state.logs[0]!.lead_key);
      expect(state.logs[1]!.lead_key).not.toBe(state.logs[0]!.lead_key);
      const rawBodies = await t.app.db
        .selectFrom('webhook_logs')
        .select('raw_body')
        .orderBy('id')
        .execute();
      expect(rawBodies.map((row) => row.raw_body)).toEqual(
        [0, 1, 2, 4, 5, 6].map((index) => storedBody(posts[index]!.post.rawBody)),
      );
    } finally {
      await taker.close();
    }
  }, 60_000);

  it('refuses a post without the secret key its webhook requires, and stores Smartlead bodies with the key redacted', async () => {
    const t = await createTestApp();
    apps.push(t);
    const post = await postsTo(t, (await insertWebhookRow(t.app, 'admin')).code);
    const bodies = ['sl-key', 'sl-kez', 'any'].map((secretKey, index) =>
      JSON.stringify({
        ...(JSON.parse(distinctSmartleadEvent('secret', index)) as object),
        secret_key: secretKey,
      }),
    );
    const requiring = (rawBody: string) => ({ ...post(rawBody), requiredSecretKey: 'sl-key' });
    const taker = takerOf(t);
    try {
      const taken = await Promise.all(
        [requiring(bodies[0]!), requiring(bodies[1]!), post(bodies[2]!)].map(taker.takeKnown),
      );
      expect(taken.map((result) => result.kind)).toEqual(['accepted', 'refused', 'accepted']);
      expect(taken[1]).toMatchObject({ status: 403, message: intakeMessages.wrongSecretKey });
      const rows = await t.app.db
        .selectFrom('webhook_logs')
        .select(['state', 'raw_body', 'results'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => row.state)).toEqual(['queued', 'refused', 'queued']);
      expect(JSON.parse(rows[1]!.results)).toEqual({ errors: [intakeMessages.wrongSecretKey] });
      expect(rows.map((row) => row.raw_body)).toEqual(bodies.map(storedBody));
      expect(rows[0]!.raw_body).toContain('"secret_key":"[redacted]"');
    } finally {
      await taker.close();
    }
  }, 60_000);

  it('stores an event whose fields hold escaped NUL characters, and a body holding a NUL byte', async () => {
    const t = await createTestApp();
    apps.push(t);
    const post = await postsTo(t, (await insertWebhookRow(t.app, 'admin')).code);
    const nulEvent = JSON.parse(distinctSmartleadEvent('nul', 0)) as Record<string, unknown>;
    const posts = [
      post(
        JSON.stringify({
          ...nulEvent,
          stats_id: 'nul-\u0000-0',
          sl_lead_email: 'ja\u0000ne@acme.com',
        }),
      ),
      post('{"event_type": "EMAIL_REPLY\u0000"}'),
    ];
    const taker = takerOf(t);
    try {
      const taken = await Promise.all(posts.map(taker.takeKnown));
      expect(taken.map((result) => result.kind)).toEqual(['accepted', 'invalid']);
      const state = await storedState(t);
      expect(
        state.logs.map(({ state: logState, email, dedupe_key }) => ({
          state: logState,
          email,
          dedupe_key,
        })),
      ).toEqual([
        { state: 'queued', email: 'jane@acme.com', dedupe_key: 'smartlead:nul--0:EMAIL_REPLY' },
        { state: 'invalid', email: null, dedupe_key: null },
      ]);
      expect(state.jobs.map((job) => [job.queue, job.log])).toEqual([['process-event', 0]]);
    } finally {
      await taker.close();
    }
  }, 60_000);

  it('stores posts sent turn after turn in their order, each event once however its copies are spread', async () => {
    const { t, posts } = await knownPosts(apps);
    const taker = takerOf(t);
    try {
      // each post in a turn of its own (batches of events and unreadable posts), then copies of the first four in one
      const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
      const sent: Promise<KnownPostResult>[] = [];
      for (const known of posts) {
        sent.push(taker.takeKnown(known));
        await nextTurn();
      }
      sent.push(...posts.slice(0, 4).map(taker.takeKnown));
      const taken = await Promise.all(sent);
      expect(outcomes(taken)).toEqual([...sevenPosts, copy(0), copy(1), copy(2), copy(0)]);
      const state = await storedState(t);
      // the first event, in four posts (two in each round), is stored once and counted three times more
      expect(state.logs.map((log) => Number(log.duplicates))).toEqual([3, 1, 1, 0, 0, 0]);
      expect(
        state.jobs.filter((job) => job.queue === 'process-event').map((job) => job.log),
      ).toEqual([0, 1, 2]);
    } finally {
      await taker.close();
    }
  }, 60_000);

  it('fails only the post that cannot be stored, the others of its moment stored and answered', async () => {
    const { t, posts } = await knownPosts(apps);
    const taker = takerOf(t);
    try {
      // an owner deleted after the webhook was looked up: its row breaks the users key, and the batch is retried one by one
      const orphan: KnownPost = {
        ...posts[1]!,
        webhook: { ...posts[1]!.webhook, userId: 987_654 },
      };
      const sent = [posts[0]!, orphan, posts[2]!].map(taker.takeKnown);
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
        storedBody(posts[0]!.post.rawBody),
        storedBody(posts[2]!.post.rawBody),
      ]);
    } finally {
      await taker.close();
    }
  }, 60_000);
});

describe('the receiver’s intake thread', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  (testDialect() === 'postgres' ? it : it.skip)(
    'sets the events stored behind a running one of their lead aside at the claim, and runs the lead’s events in order',
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
        // a claim finds each of them behind the running one, and sets it aside
        expect(await t.app.queue.runNext(PROCESS_EVENT, async () => undefined)).toBe(false);
        const jobs = await t.app.db
          .selectFrom('jobs')
          .select('state')
          .where('queue', '=', PROCESS_EVENT)
          .orderBy('id')
          .execute();
        expect(jobs.map((job) => job.state)).toEqual(['active', 'waiting', 'waiting', 'waiting']);

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

  it('reads another organization’s post next, not behind all one organization’s large posts', async () => {
    const t = await createTestApp();
    apps.push(t);
    const flooding = await postsTo(t, (await insertWebhookRow(t.app, 'admin')).code);
    const quiet = await postsTo(t, (await insertWebhookRow(t.app, 'user')).code);
    const padded = (index: number) =>
      JSON.stringify({
        ...JSON.parse(distinctSmartleadEvent('flood', index, 1)),
        pad: 'p'.repeat(9e5),
      });
    const writer = intakeThread(t);
    try {
      const answered: string[] = [];
      const take = (name: string, known: KnownPost) =>
        writer.takeKnown(known).then(() => void answered.push(name));
      await Promise.all([
        ...[0, 1, 2, 3, 4, 5].map((index) => take(`flood-${index}`, flooding(padded(index)))),
        take('quiet', quiet(distinctSmartleadEvent('quiet', 0, 1))),
      ]);
      expect(answered.indexOf('quiet')).toBeLessThanOrEqual(1);
    } finally {
      await writer.close();
    }
  }, 60_000);

  it('takes posts on the api’s thread once the intake thread is gone', async () => {
    const { t, posts } = await knownPosts(apps);
    const onFallback: KnownPost[] = [];
    const here = apiThread(t);
    const writer = intakeThread(t, (known) => {
      onFallback.push(known);
      return here.takeKnown(known);
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
