import { fixtureById, payloadAt } from 'shared/events';
import { Webhook } from 'standardwebhooks';
import { FORWARD_EVENT, type ForwardEventJob } from '../src/jobs/job-names.js';
import { isPostgres } from '../src/db/columns.js';
import { forwardEventHandler, messageIdOf } from '../src/forwarding/forward-event-job.js';
import { recordDeliveryAttempt } from '../src/repositories/webhook-deliveries.js';
import { signingSecretOf } from '../src/services/webhook-endpoint-secrets.js';
import { fakeClock, type FakeClock } from './helpers/fake-clock.js';
import { insertWebhookRow } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { call, createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';
import { runSendEventJobs } from './helpers/send-event-jobs.js';

interface CaughtDelivery {
  name: string;
  headers: Record<string, string>;
  bodyText: string;
  status?: number;
  outcome?: string;
}

/** A Smartlead reply event, `size` bytes or a little more when `padding` is asked. */
const replyBody = (statsId: string, padding = 0): string =>
  JSON.stringify({
    ...payloadAt(fixtureById('smartlead.email-reply')!, new Date()),
    stats_id: statsId,
    ...(padding > 0 ? { padding: 'p'.repeat(padding) } : {}),
  });

const postBody = async (t: TestApp, code: string, body: string): Promise<number> =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/webhooks/${code}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
  ).statusCode;

const runForwardJob = (t: TestApp) =>
  t.app.queue.runNext<ForwardEventJob>(FORWARD_EVENT, (job) =>
    forwardEventHandler(t.app.deps, job),
  );

const caughtNames = async (sandbox: RunningSandbox, prefix: string): Promise<string[]> =>
  (await sandbox.app.inject({ method: 'GET', url: '/_sandbox/state/catcher' }))
    .json<{ deliveries: { name: string }[] }>()
    .deliveries.map((delivery) => delivery.name)
    .filter((name) => name.startsWith(prefix));

const deliveriesOfWebhook = (t: TestApp, webhookId: number) =>
  t.app.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'url', 'state', 'attempts'])
    .where('webhook_id', '=', webhookId)
    .orderBy('id')
    .execute();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The default schedule: delays before each of the 8 attempts. */
const schedule = [0, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR];

describe('forwarding events to additional endpoints', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let clock: FakeClock;
  let endpointCounter = 0;

  beforeAll(async () => {
    sandbox = await startSandbox();
    clock = fakeClock(); // now: a verifier refuses old timestamps
    t = await createTestApp({ SANDBOX_URL: sandbox.url }, { clock });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const caught = async (name: string): Promise<CaughtDelivery[]> =>
    (await sandbox.app.inject({ method: 'GET', url: '/_sandbox/state/catcher' }))
      .json<{ deliveries: CaughtDelivery[] }>()
      .deliveries.filter((delivery) => delivery.name === name)
      .reverse();
  const fault = async (
    name: string,
    type: '429' | '500' | '410',
    options: { count?: number; retryAfterSeconds?: number } = {},
  ) => {
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/_sandbox/faults',
      payload: {
        provider: 'catcher',
        route: `/${name}`,
        type,
        count: options.count ?? 100,
        ...options,
      },
    });
    expect(response.statusCode).toBe(201);
  };
  const runForward = async () => {
    await runSendEventJobs(t);
    return t.app.queue.runNext<ForwardEventJob>(FORWARD_EVENT, (job) =>
      forwardEventHandler(t.app.deps, job),
    );
  };

  /** A webhook with one endpoint on the catcher taking EMAIL_REPLY; posts one reply event to it. */
  async function postReply() {
    endpointCounter += 1;
    const name = `forward-${endpointCounter}`;
    const webhook = await insertWebhookRow(t.app, 'admin', {
      endpoints: [{ url: `${sandbox.url}/catcher/${name}`, eventTypes: ['EMAIL_REPLY'] }],
    });
    const body = JSON.stringify({
      ...payloadAt(fixtureById('smartlead.email-reply')!, clock.now()),
      stats_id: `stats-${name}`,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/webhooks/${webhook.code}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const delivery = await t.app.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    return { name, body, webhook, deliveryId: delivery.id };
  }
  const deliveryRow = (id: number) =>
    t.app.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const attemptsOf = (id: number) =>
    t.app.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', '=', id)
      .orderBy('id')
      .execute();

  it('delivers the body as received, its Smartlead secret_key redacted, at once, signed with the endpoint secret (Standard Webhooks)', async () => {
    const { name, body, webhook, deliveryId } = await postReply();
    expect(await runForward()).toBe(true);
    const [received] = await caught(name);
    const secretKey = fixtureById('smartlead.email-reply')!.payload.secret_key as string;
    expect(body).toContain(secretKey);
    expect(received?.bodyText).toBe(body.replace(`"${secretKey}"`, '"[redacted]"'));
    const secret = await signingSecretOf(t.app.deps, webhook.userAccountIds[0]!);
    expect(secret).toMatch(/^whsec_/);
    expect(() => new Webhook(secret!).verify(received!.bodyText, received!.headers)).not.toThrow();
    expect(() =>
      new Webhook(
        'whsec_' + Buffer.from('another secret of 32 bytes......').toString('base64'),
      ).verify(received!.bodyText, received!.headers),
    ).toThrow();
    // the same event's id at this endpoint on every attempt, but nothing a receiver can count with
    expect(received?.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
    expect(received?.headers['webhook-id']).toBe(
      messageIdOf(secret!, (await deliveryRow(deliveryId)).webhook_log_id),
    );
    expect(received?.headers['webhook-timestamp']).toBe(
      String(Math.floor(clock.now().getTime() / 1000)),
    );
    expect(await deliveryRow(deliveryId)).toMatchObject({
      state: 'delivered',
      attempts: 1,
      last_status_code: 200,
    });
    expect(await attemptsOf(deliveryId)).toMatchObject([
      { kind: 'forward', attempt: 1, status_code: 200, outcome: 'delivered' },
    ]);
  });

  it('retries a failing endpoint on the schedule (with at most 10 % jitter), gives up after the 8th attempt, and delivers on replay', async () => {
    const { name, deliveryId, webhook } = await postReply();
    const secret = await signingSecretOf(t.app.deps, webhook.userAccountIds[0]!);
    await fault(name, '500');
    for (let attempt = 1; attempt <= schedule.length; attempt++) {
      const attemptAt = clock.now().getTime();
      expect(await runForward()).toBe(true);
      const row = await deliveryRow(deliveryId);
      expect(row.attempts).toBe(attempt);
      if (attempt === schedule.length) {
        expect(row).toMatchObject({ state: 'dead', next_attempt_at: null });
        break;
      }
      const wait = Date.parse(row.next_attempt_at!) - attemptAt;
      expect(wait).toBeGreaterThanOrEqual(schedule[attempt]!);
      expect(wait).toBeLessThanOrEqual(Math.round(schedule[attempt]! * 1.1));
      clock.advance(wait - 1000);
      expect(await runForward()).toBe(false);
      clock.advance(1000);
    }
    clock.advance(48 * HOUR);
    expect(await runForward()).toBe(false);
    expect((await caught(name)).map((delivery) => delivery.status)).toEqual(Array(8).fill(500));
    expect(await attemptsOf(deliveryId)).toHaveLength(8);

    // the endpoint is fixed; its owner replays the webhook's dead deliveries and the 9th attempt delivers
    await sandbox.app.inject({ method: 'DELETE', url: '/_sandbox/faults?provider=catcher' });
    const replayed = await t.app.inject(
      call(
        'POST',
        `/api/admin/webhooks/${webhook.id}/replay-dead-deliveries`,
        await signIn(t.app, 'admin'),
      ),
    );
    expect(replayed.statusCode).toBe(200);
    expect(json(replayed)).toEqual({ deliveries: 1 });
    expect(await runForward()).toBe(true);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      state: 'delivered',
      attempts: 9,
      replays: 1,
    });
    const all = await caught(name);
    const received = all.at(-1)!;
    expect(received.status).toBe(200);
    // the same message id as every earlier attempt (receivers drop copies), signed afresh at the replay's time
    expect(received.headers['webhook-id']).toBe(all[0]!.headers['webhook-id']);
    expect(received.headers['webhook-timestamp']).toBe(
      String(Math.floor(clock.now().getTime() / 1000)),
    );
    expect(secret).toMatch(/^whsec_/);
  });

  it("honours an endpoint's Retry-After when it asks for longer than the schedule", async () => {
    const { name, deliveryId } = await postReply();
    await fault(name, '429', { count: 1, retryAfterSeconds: 900 });
    const attemptAt = clock.now().getTime();
    await runForward();
    const row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ state: 'pending', last_status_code: 429 });
    expect(Date.parse(row.next_attempt_at!) - attemptAt).toBe(900_000);
    clock.advance(899_000);
    expect(await runForward()).toBe(false);
    clock.advance(1000);
    expect(await runForward()).toBe(true);
    expect(await deliveryRow(deliveryId)).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('stops at once on 410 Gone', async () => {
    const { name, deliveryId } = await postReply();
    await fault(name, '410');
    await runForward();
    expect(await deliveryRow(deliveryId)).toMatchObject({
      state: 'stopped',
      attempts: 1,
      last_status_code: 410,
    });
    clock.advance(48 * HOUR);
    expect(await runForward()).toBe(false);
    expect(await caught(name)).toHaveLength(1);
  });

  it('posts an event once to endpoints that differ only in their query string (issue 53: 10 posts made 500)', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', {
      endpoints: Array.from({ length: 50 }, (_, n) => ({
        url: `${sandbox.url}/catcher/amplified?n=${n}`,
        eventTypes: ['EMAIL_REPLY'],
      })),
    });
    for (let i = 0; i < 10; i++)
      expect(await postBody(t, webhook.code, replyBody(`amplified-${i}`))).toBe(200);
    await runSendEventJobs(t);
    while (await runForwardJob(t));
    const deliveries = await deliveriesOfWebhook(t, webhook.id);
    expect(deliveries).toHaveLength(10);
    expect(new Set(deliveries.map((delivery) => delivery.url))).toEqual(
      new Set([`${sandbox.url}/catcher/amplified?n=0`]),
    );
    expect(await caughtNames(sandbox, 'amplified')).toHaveLength(10);
  });

  it('records an attempt and the delivery it counts on together, or neither', async () => {
    const { deliveryId } = await postReply();
    const { webhook_log_id: logId } = await deliveryRow(deliveryId);
    const attempt = {
      deliveryId,
      kind: 'forward' as const,
      attempt: 1,
      startedAt: clock.now().toISOString(),
      durationMs: 12,
      statusCode: 500,
      answer: 'down',
      error: 'HTTP 500',
      outcome: 'pending',
    };
    const update = {
      state: 'pending' as const,
      statusCode: 500,
      error: 'HTTP 500',
      nextAttemptAt: clock.now().toISOString(),
      at: clock.now().toISOString(),
    };
    // an attempt row the table refuses (a kind its check does not allow): the delivery is left as it was (the
    // error as text: better-sqlite3's errors come from outside jest's module realm, which rejects.toThrow does not always take for errors)
    const refused = await recordDeliveryAttempt(
      t.app.db,
      { ...attempt, logId, kind: 'resend' as 'forward' },
      update,
    ).then(
      () => 'stored',
      (error: unknown) => String(error),
    );
    expect(refused).toMatch(/check constraint/i);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      state: 'pending',
      attempts: 0,
      last_status_code: null,
    });
    expect(await attemptsOf(deliveryId)).toEqual([]);

    await recordDeliveryAttempt(t.app.db, { ...attempt, logId }, update);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status_code: 500,
      last_error: 'HTTP 500',
    });
    expect(await attemptsOf(deliveryId)).toMatchObject([
      { kind: 'forward', attempt: 1, status_code: 500, outcome: 'pending' },
    ]);
  });
});

describe('deliveries paced per destination host', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, FORWARD_POSTS_PER_HOST_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('sends a host at most its deliveries a minute, whoever names it; the rest wait without using an attempt', async () => {
    const deliveryIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const webhook = await insertWebhookRow(t.app, i === 2 ? 'user' : 'admin', {
        endpoints: [{ url: `${sandbox.url}/catcher/paced-${i}`, eventTypes: ['EMAIL_REPLY'] }],
      });
      const response = await t.app.inject({
        method: 'POST',
        url: `/webhooks/${webhook.code}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          ...payloadAt(fixtureById('smartlead.email-reply')!, new Date()),
          stats_id: `paced-${i}`,
        }),
      });
      expect(response.statusCode).toBe(200);
      const delivery = await t.app.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', webhook.id)
        .executeTakeFirstOrThrow();
      deliveryIds.push(delivery.id);
    }
    await runSendEventJobs(t);
    const run = () =>
      t.app.queue.runNext<ForwardEventJob>(FORWARD_EVENT, (job) =>
        forwardEventHandler(t.app.deps, job),
      );
    for (let i = 0; i < 3; i++) await run();
    const caught = (
      await sandbox.app.inject({ method: 'GET', url: '/_sandbox/state/catcher' })
    ).json<{ deliveries: { name: string }[] }>().deliveries;
    expect(caught.filter((delivery) => delivery.name.startsWith('paced-'))).toHaveLength(2);
    const rows = await t.app.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'state', 'attempts'])
      .where('id', 'in', deliveryIds)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.state, row.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['pending', 0],
    ]);
    // its job waits for the host's next minute: not run again at once
    expect(await run()).toBe(false);
  });
});

describe('deliveries paced per organization', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let clock: FakeClock;

  beforeAll(async () => {
    sandbox = await startSandbox();
    clock = fakeClock();
    t = await createTestApp(
      { SANDBOX_URL: sandbox.url, FORWARD_POSTS_PER_ORGANIZATION_PER_MINUTE: '2' },
      { clock },
    );
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it("sends an organization's deliveries at most its share a minute, to any host; the rest wait without using an attempt, and another organization is not held", async () => {
    // the admin's organization: three webhooks, each to its own endpoint
    const ours = [];
    for (let i = 0; i < 3; i++) {
      const webhook = await insertWebhookRow(t.app, 'admin', {
        endpoints: [{ url: `${sandbox.url}/catcher/org-paced-${i}`, eventTypes: ['EMAIL_REPLY'] }],
      });
      expect(await postBody(t, webhook.code, replyBody(`org-paced-${i}`))).toBe(200);
      ours.push(webhook.id);
    }
    // another organization's, posted last
    const theirs = await insertWebhookRow(t.app, 'user', {
      endpoints: [{ url: `${sandbox.url}/catcher/org-other`, eventTypes: ['EMAIL_REPLY'] }],
    });
    expect(await postBody(t, theirs.code, replyBody('org-other'))).toBe(200);
    await runSendEventJobs(t);
    for (let i = 0; i < 4; i++) expect(await runForwardJob(t)).toBe(true);

    expect(await caughtNames(sandbox, 'org-')).toEqual(
      expect.arrayContaining(['org-paced-0', 'org-paced-1', 'org-other']),
    );
    expect(await caughtNames(sandbox, 'org-')).toHaveLength(3);
    const states = [];
    for (const id of ours) {
      const [delivery] = await deliveriesOfWebhook(t, id);
      states.push([delivery!.state, delivery!.attempts]);
    }
    expect(states).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['pending', 0],
    ]);
    expect((await deliveriesOfWebhook(t, theirs.id))[0]).toMatchObject({ state: 'delivered' });
    // deferred, not dropped: its job waits for the organization's next minute, then runs again
    expect(await runForwardJob(t)).toBe(false);
    clock.advance(MINUTE + 1000);
    expect(await runForwardJob(t)).toBe(true);
  });
});

describe("forwarded bytes count on the receiver's byte quotas", () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, ORGANIZATION_MB_PER_HOUR: '1' });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

  it("counts each post to an endpoint on the organization's quota: past it a delivery waits without using an attempt, and the receiver refuses the next post", async () => {
    // 300 KB received, then sent to three endpoints: 1,200 KB in all, past the 1 MB an hour
    const webhook = await insertWebhookRow(t.app, 'admin', {
      endpoints: [0, 1, 2].map((n) => ({
        url: `${sandbox.url}/catcher/bytes-${n}`,
        eventTypes: ['EMAIL_REPLY'],
      })),
    });
    expect(await postBody(t, webhook.code, replyBody('bytes-0', 300 * 1024))).toBe(200);
    // on PostgreSQL the receiver writes its counts a tenth of a second after the post
    await settle();
    await runSendEventJobs(t);
    for (let i = 0; i < 3; i++) expect(await runForwardJob(t)).toBe(true);
    expect(await caughtNames(sandbox, 'bytes-')).toEqual(['bytes-1', 'bytes-0']);
    expect(
      (await deliveriesOfWebhook(t, webhook.id)).map((delivery) => [
        delivery.state,
        delivery.attempts,
      ]),
    ).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['pending', 0],
    ]);
    expect(await runForwardJob(t)).toBe(false);

    // the receiver counts on the same quota: 900 KB of 1,024 are used, so another 300 KB post is
    // refused (on PostgreSQL a process sees other processes' counts at its next write, so one post may
    // still pass first, as with several apis)
    const statuses: number[] = [];
    for (let i = 1; i <= 2 && !statuses.includes(429); i++) {
      statuses.push(await postBody(t, webhook.code, replyBody(`bytes-${i}`, 300 * 1024)));
      await settle();
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(
      isPostgres(t.app.db) ? 1 : 0,
    );
  });
});
