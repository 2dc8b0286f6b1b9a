import type { WebhookLogDetail, WebhookLogPage } from 'shared/contract';
import { fixtureById, payloadAt } from 'shared/events';
import {
  FORWARD_EVENT,
  PROCESS_EVENT,
  type ForwardEventJob,
  type ProcessEventJob,
} from '../src/jobs/job-names.js';
import { processEventHandler } from '../src/crm-writers/process-event-job.js';
import type { EventProcessor } from '../src/receiver/process-event.js';
import { recordDeliveryAttempt } from '../src/repositories/webhook-deliveries.js';
import { insertOutsider, insertWebhookRow, setFlags } from './helpers/rows.js';
import { call, createTestApp, json, ORIGIN, signIn, type TestApp } from './helpers/test-app.js';
import { runSendEventJobs } from './helpers/send-event-jobs.js';

const reply = fixtureById('smartlead.email-reply')!;
let posted = 0;
/** A new Smartlead reply (its own stats_id: never a duplicate of another). */
const replyEvent = () => ({
  ...payloadAt(reply, new Date()),
  stats_id: `replay-test-${(posted += 1)}`,
});
const post = (code: string, payload: string | object) => ({
  method: 'POST' as const,
  url: `/webhooks/${code}`,
  headers: { 'content-type': 'application/json', 'user-agent': 'Smartlead-Webhooks/1.0' },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

/**
 * What the processor does with each event (by log row id): a list of outcomes used one per run, then
 * success. 'refuse' is a step the CRM refused (not retried), 'throw' a failure thrown at the job.
 */
const plans = new Map<number, ('refuse' | 'throw')[]>();
let throwNext: string | null = null;
const processor: EventProcessor = async (_deps, { stored }) => {
  if (throwNext !== null) {
    const message = throwNext;
    throwNext = null;
    throw new Error(message);
  }
  const next = plans.get(stored.id)?.shift();
  if (next === 'throw') throw new Error('HubSpot is unavailable');
  return next === 'refuse'
    ? [{ name: 'HubSpot contact', ok: false, error: 'HubSpot refused the contact' }]
    : [{ name: 'HubSpot contact', ok: true }];
};

describe('webhook log detail and replays', () => {
  let t: TestApp;
  let processEvent: ReturnType<typeof processEventHandler>;
  const cookies = {} as Record<'admin' | 'user' | 'outsider', string>;

  beforeAll(async () => {
    t = await createTestApp({}, { eventProcessor: processor });
    await insertOutsider(t.app);
    for (const account of ['admin', 'user', 'outsider'] as const)
      cookies[account] = await signIn(t.app, account);
    processEvent = processEventHandler(t.app.deps, processor, t.app.queue);
  });
  afterAll(async () => {
    await t.close();
  });

  /** What drain saw of each job it ran. */
  interface RanJob {
    data: unknown;
    orderingKey: string | null;
    retryLimit: number;
  }

  /** Runs every due job of the queue (tests run with WORKERS=off); answers what ran. Forward jobs only report their delivery to `handler`. */
  async function drain(
    queue: typeof PROCESS_EVENT | typeof FORWARD_EVENT,
    handler?: (deliveryId: number) => void,
  ): Promise<RanJob[]> {
    await runSendEventJobs(t);
    const ran: RanJob[] = [];
    const next = () =>
      queue === PROCESS_EVENT
        ? t.app.queue.runNext<ProcessEventJob & { replay?: number }>(PROCESS_EVENT, async (job) => {
            ran.push({ data: job.data, orderingKey: job.orderingKey, retryLimit: job.retryLimit });
            await processEvent(job);
          })
        : t.app.queue.runNext<ForwardEventJob>(FORWARD_EVENT, async (job) => {
            ran.push({ data: job.data, orderingKey: job.orderingKey, retryLimit: job.retryLimit });
            handler?.(job.data.deliveryId);
          });
    while (await next()) {
      // every due job, one at a time
    }
    return ran;
  }

  async function postEvent(code: string): Promise<number> {
    const response = await t.app.inject(post(code, replyEvent()));
    expect(response.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('webhook_logs')
      .select('id')
      .where('webhook_url', '=', `${t.config.publicUrl}/webhooks/${code}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const logRow = (id: number) =>
    t.app.db.selectFrom('webhook_logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const replay = (id: number, account: keyof typeof cookies = 'user') =>
    t.app.inject(call('POST', `/api/admin/webhook-logs/${id}/replay`, cookies[account]));
  const detail = async (id: number, account: keyof typeof cookies = 'user') => {
    const response = await t.app.inject(
      call('GET', `/api/admin/webhook-logs/${id}`, cookies[account]),
    );
    expect(response.statusCode).toBe(200);
    return json<WebhookLogDetail>(response);
  };

  it('replays a failed event: a new processing job on the lead’s ordering key runs the processor again and the row ends processed', async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    const id = await postEvent(webhook.code);
    plans.set(id, ['refuse']);
    await drain(PROCESS_EVENT);
    expect(await logRow(id)).toMatchObject({ state: 'failed' });
    expect(JSON.parse((await logRow(id)).results)).toEqual({
      errors: ['HubSpot contact: HubSpot refused the contact'],
    });

    const response = await replay(id);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ id, processing: true, deliveries: 0 });
    expect((await logRow(id)).state).toBe('queued');

    expect(await drain(PROCESS_EVENT)).toEqual([
      {
        data: { logId: id, replay: 2 },
        orderingKey: `${webhook.profileId}:jane.doe@northwind.example`,
        retryLimit: 7,
      },
    ]);
    const row = await logRow(id);
    expect(row.state).toBe('processed');
    expect(JSON.parse(row.results)).toEqual({ errors: [] });

    const shown = await detail(id);
    expect(
      shown.attempts.map((attempt) => ({
        kind: attempt.kind,
        outcome: attempt.outcome,
        error: attempt.error,
      })),
    ).toEqual([
      { kind: 'process', outcome: 'failed', error: 'HubSpot contact: HubSpot refused the contact' },
      { kind: 'process', outcome: 'succeeded', error: null },
    ]);
    expect(shown.state).toBe('processed');
    expect(shown.webhookLogResults.errors).toEqual([]);
  });

  it('replays a processed event too; a second replay before the first ran sends no second job', async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    const id = await postEvent(webhook.code);
    await drain(PROCESS_EVENT);
    expect(json(await replay(id))).toEqual({ id, processing: true, deliveries: 0 });
    expect(json(await replay(id))).toEqual({ id, processing: false, deliveries: 0 });
    expect(await drain(PROCESS_EVENT)).toHaveLength(1);
    expect((await logRow(id)).state).toBe('processed');
  });

  it('refuses to replay test, refused and invalid rows (400 with the reason), and another organization’s (404)', async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    // a test event
    const tested = await t.app.inject(
      call('POST', `/webhooks/test/${webhook.code}`, cookies.user, replyEvent()),
    );
    expect(tested.statusCode).toBe(200);
    const testRow = await t.app.db
      .selectFrom('webhook_logs')
      .select('id')
      .where('webhook_id', '=', webhook.id)
      .where('is_test', '=', 1)
      .executeTakeFirstOrThrow();
    const refusedTest = await replay(testRow.id);
    expect(refusedTest.statusCode).toBe(400);
    expect(json<{ message: string }>(refusedTest).message).toMatch(/test event cannot be replayed/);
    // refused: the owner lost canWebhook
    await setFlags(t.app, 'user', { canWebhook: false });
    try {
      expect((await t.app.inject(post(webhook.code, replyEvent()))).statusCode).toBe(403);
    } finally {
      await setFlags(t.app, 'user', { canWebhook: true });
    }
    const refusedRow = await t.app.db
      .selectFrom('webhook_logs')
      .select('id')
      .where('webhook_id', '=', webhook.id)
      .where('state', '=', 'refused')
      .executeTakeFirstOrThrow();
    const refused = await replay(refusedRow.id);
    expect(refused.statusCode).toBe(400);
    expect(json<{ message: string }>(refused).message).toMatch(/refused/);
    // invalid: not JSON
    expect((await t.app.inject(post(webhook.code, '{"event_type":'))).statusCode).toBe(400);
    const invalidRow = await t.app.db
      .selectFrom('webhook_logs')
      .select('id')
      .where('webhook_id', '=', webhook.id)
      .where('state', '=', 'invalid')
      .executeTakeFirstOrThrow();
    expect((await replay(invalidRow.id)).statusCode).toBe(400);
    // another organization's (the admin's is organization A, the user's B)
    const id = await postEvent(webhook.code);
    const elsewhere = await replay(id, 'admin');
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await t.app.inject(call('GET', `/api/admin/webhook-logs/${id}`, cookies.admin))).statusCode,
    ).toBe(404);
    // an admin of the same organization may
    expect((await replay(id, 'outsider')).statusCode).toBe(200);
    await drain(PROCESS_EVENT);
  });

  it('reopens only the dead deliveries of a webhook and sends their jobs; a replayed event reopens its unsuccessful ones', async () => {
    const webhook = await insertWebhookRow(t.app, 'user', {
      endpoints: [{ url: 'https://hooks.example.com/a', eventTypes: ['EMAIL_REPLY'] }],
    });
    const ids = [
      await postEvent(webhook.code),
      await postEvent(webhook.code),
      await postEvent(webhook.code),
    ];
    await drain(PROCESS_EVENT);
    const intakeForwards: number[] = [];
    await drain(FORWARD_EVENT, (deliveryId) => intakeForwards.push(deliveryId));
    const deliveries = await t.app.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'webhook_log_id'])
      .where('webhook_id', '=', webhook.id)
      .orderBy('id')
      .execute();
    expect(deliveries.map((delivery) => delivery.webhook_log_id)).toEqual(ids);
    expect(intakeForwards.sort()).toEqual(deliveries.map((delivery) => delivery.id).sort());
    const [dead, failed, delivered] = deliveries.map((delivery) => delivery.id) as [
      number,
      number,
      number,
    ];
    const now = new Date().toISOString();
    await t.app.db
      .updateTable('webhook_deliveries')
      .set({ state: 'dead', attempts: 5, last_error: 'HTTP 503 (every attempt failed)' })
      .where('id', '=', dead)
      .execute();
    await t.app.db
      .updateTable('webhook_deliveries')
      .set({ state: 'failed', attempts: 1, last_error: 'HTTP 404' })
      .where('id', '=', failed)
      .execute();
    await t.app.db
      .updateTable('webhook_deliveries')
      .set({ state: 'delivered', attempts: 1, delivered_at: now })
      .where('id', '=', delivered)
      .execute();

    const response = await t.app.inject(
      call('POST', `/api/admin/webhooks/${webhook.id}/replay-dead-deliveries`, cookies.user),
    );
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ deliveries: 1 });
    const states = await t.app.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'state', 'replays'])
      .where('webhook_id', '=', webhook.id)
      .orderBy('id')
      .execute();
    expect(states).toEqual([
      { id: dead, state: 'pending', replays: 1 },
      { id: failed, state: 'failed', replays: 0 },
      { id: delivered, state: 'delivered', replays: 0 },
    ]);
    const replayed: number[] = [];
    await drain(FORWARD_EVENT, (deliveryId) => replayed.push(deliveryId));
    expect(replayed).toEqual([dead]);
    // nothing dead any more: nothing to do
    expect(
      json(
        await t.app.inject(
          call('POST', `/api/admin/webhooks/${webhook.id}/replay-dead-deliveries`, cookies.user),
        ),
      ),
    ).toEqual({ deliveries: 0 });

    // replaying the event whose delivery failed reopens that delivery with its own job
    expect(json(await replay(ids[1]!))).toEqual({ id: ids[1], processing: true, deliveries: 1 });
    const again: number[] = [];
    await drain(FORWARD_EVENT, (deliveryId) => again.push(deliveryId));
    expect(again).toEqual([failed]);
    await drain(PROCESS_EVENT);
  });

  it('shows a row in full: headers, raw body, normalised event, deliveries and attempts in time order; the list adds delivery errors and the new fields', async () => {
    const webhook = await insertWebhookRow(t.app, 'user', {
      endpoints: [{ url: 'https://hooks.example.com/detail', eventTypes: ['EMAIL_REPLY'] }],
    });
    const body = replyEvent();
    const response = await t.app.inject(post(webhook.code, body));
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject(post(webhook.code, body))).statusCode).toBe(200); // the platform's retry: a duplicate
    const row = await t.app.db
      .selectFrom('webhook_logs')
      .select('id')
      .where('webhook_id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    plans.set(row.id, ['refuse']);
    await drain(PROCESS_EVENT);
    await drain(FORWARD_EVENT);
    const delivery = await t.app.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_log_id', '=', row.id)
      .executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 60_000).toISOString();
    await recordDeliveryAttempt(
      t.app.db,
      {
        logId: row.id,
        deliveryId: delivery.id,
        kind: 'forward',
        attempt: 1,
        startedAt: later,
        durationMs: 42,
        statusCode: 500,
        answer: 'Internal error',
        error: 'HTTP 500',
        outcome: 'failed',
      },
      { state: 'failed', statusCode: 500, error: 'HTTP 500', nextAttemptAt: null, at: later },
    );

    const shown = await detail(row.id);
    expect(shown).toMatchObject({
      id: row.id,
      webhookId: webhook.id,
      state: 'failed',
      duplicates: 1,
      isTest: false,
      platform: 'smartlead',
      // as posted, Smartlead's secret_key redacted
      rawBody: JSON.stringify({ ...body, secret_key: '[redacted]' }),
      webhookLogResults: {
        errors: [
          'HubSpot contact: HubSpot refused the contact',
          'Forwarding to https://hooks.example.com/detail: HTTP 500',
        ],
      },
      deliveries: [
        {
          id: delivery.id,
          url: 'https://hooks.example.com/detail',
          state: 'failed',
          attempts: 1,
          lastStatusCode: 500,
          lastError: 'HTTP 500',
          deliveredAt: null,
        },
      ],
    });
    expect(shown.receivedAt).toBe(shown.createdAt);
    expect(shown.headers).toMatchObject({ 'user-agent': 'Smartlead-Webhooks/1.0' });
    expect(shown.event).toMatchObject({ eventType: 'EMAIL_REPLY' });
    expect(shown.attempts).toEqual([
      expect.objectContaining({ kind: 'process', deliveryId: null, attempt: 1, outcome: 'failed' }),
      {
        kind: 'forward',
        deliveryId: delivery.id,
        attempt: 1,
        startedAt: later,
        durationMs: 42,
        statusCode: 500,
        answer: 'Internal error',
        error: 'HTTP 500',
        outcome: 'failed',
      },
    ]);

    const list = json<WebhookLogPage>(
      await t.app.inject(
        call('GET', `/api/admin/webhook-logs?email=jane.doe%40northwind.example`, cookies.user),
      ),
    );
    const item = list.data.find((log) => log.id === row.id);
    expect(item).toMatchObject({
      state: 'failed',
      duplicates: 1,
      isTest: false,
      webhookLogResults: {
        errors: [
          'HubSpot contact: HubSpot refused the contact',
          'Forwarding to https://hooks.example.com/detail: HTTP 500',
        ],
      },
    });
    expect(item).not.toHaveProperty('rawBody');
  });
});

describe('POST /webhooks/test/{code}', () => {
  let t: TestApp;
  const cookies = {} as Record<'admin' | 'user', string>;

  beforeAll(async () => {
    t = await createTestApp({}, { eventProcessor: processor });
    for (const account of ['admin', 'user'] as const)
      cookies[account] = await signIn(t.app, account);
  });
  afterAll(async () => {
    await t.close();
  });

  const testPost = (code: string, account: keyof typeof cookies, body: unknown) =>
    t.app.inject(call('POST', `/webhooks/test/${code}`, cookies[account], body));

  it('runs a good Smartlead event at once: success, no errors, a processed test row', async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    const response = await testPost(webhook.code, 'user', replyEvent());
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, errors: [] });
    const row = await t.app.db
      .selectFrom('webhook_logs')
      .selectAll()
      .where('webhook_id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_test: 1, state: 'processed', dedupe_key: null });
    expect(row.processed_at).not.toBeNull();
    const logs = json<WebhookLogPage>(
      await t.app.inject(call('GET', '/api/admin/webhook-logs', cookies.user)),
    );
    expect(logs.data.find((log) => log.id === row.id)).toMatchObject({
      isTest: true,
      state: 'processed',
      webhookLogResults: { errors: [] },
    });
  });

  it('answers success false with the processor’s error when processing fails', async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    throwNext = 'HubSpot is down for maintenance';
    const response = await testPost(webhook.code, 'user', replyEvent());
    expect(response.statusCode).toBe(200);
    const answer = json<{ success: boolean; errors: string[] }>(response);
    expect(answer.success).toBe(false);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors[0]).toContain('HubSpot is down for maintenance');
    expect(
      await t.app.db
        .selectFrom('webhook_logs')
        .select(['state', 'is_test'])
        .where('webhook_id', '=', webhook.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ state: 'failed', is_test: 1 });
  });

  it('answers 404 for another organization’s webhook and 401 without a session', async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    const response = await testPost(webhook.code, 'admin', replyEvent());
    expect(response.statusCode).toBe(404);
    expect(typeof json<{ message: string }>(response).message).toBe('string');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/webhooks/test/${webhook.code}`,
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(replyEvent()),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      await t.app.db
        .selectFrom('webhook_logs')
        .select('id')
        .where('webhook_id', '=', webhook.id)
        .execute(),
    ).toEqual([]);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    const response = await t.app.inject({
      method: 'POST',
      url: `/webhooks/test/${webhook.code}`,
      headers: { cookie: cookies.user, origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{"event_type": "EMAIL_REPLY",',
    });
    expect(response.statusCode).toBe(400);
    expect(typeof json<{ message: string }>(response).message).toBe('string');
  });
});
