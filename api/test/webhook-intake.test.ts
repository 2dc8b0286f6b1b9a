import { fixtureById, payloadAt } from 'shared/events';
import { PROCESS_EVENT } from '../src/jobs/job-names.js';
import { intakeMessages } from '../src/receiver/intake-messages.js';
import { insertWebhookRow, setFlags } from './helpers/rows.js';
import { call, createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';
import { runSendEventJobs } from './helpers/send-event-jobs.js';
import { testDialect } from './helpers/test-database.js';

const reply = fixtureById('smartlead.email-reply')!;
/** A Smartlead body as stored, shown and forwarded: its secret_key redacted, every other byte as sent. */
const storedBody = (body: string) => {
  const stored = body.replace(/"secret_key":"[^"]*"/, '"secret_key":"[redacted]"');
  expect(stored).not.toBe(body);
  return stored;
};
const post = (code: string, payload: string | object, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: `/webhooks/${code}`,
  headers: { 'content-type': 'application/json', ...headers },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

async function rowsOf(t: TestApp, webhookId: number) {
  return t.app.db
    .selectFrom('webhook_logs')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id')
    .execute();
}

/** Runs every due job of the queue (recording, not processing) and answers what they carried: the same on either engine. */
async function drain(
  t: TestApp,
  queue: string,
): Promise<{ logId: number; orderingKey: string | null }[]> {
  await runSendEventJobs(t);
  const ran: { logId: number; orderingKey: string | null }[] = [];
  while (
    await t.app.queue.runNext<{ logId: number }>(
      queue,
      async (job) => void ran.push({ logId: job.data.logId, orderingKey: job.orderingKey }),
    )
  ) {
    // next
  }
  return ran;
}

describe('POST /webhooks/{code}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the event with its raw body, headers, webhook and time, and its processing job, before answering 200', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin');
    const body = JSON.stringify(payloadAt(reply, new Date()));
    const response = await t.app.inject(
      post(webhook.code, body, {
        'user-agent': 'Smartlead-Webhooks/1.0',
        authorization: 'Bearer do-not-keep',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ received: true, duplicate: false });
    const [row] = await rowsOf(t, webhook.id);
    expect(row).toMatchObject({
      raw_body: storedBody(body),
      state: 'queued',
      platform: 'smartlead',
      event_type: 'EMAIL_REPLY',
      email: 'jane.doe@northwind.example',
      is_test: 0,
      duplicates: 0,
    });
    expect(JSON.parse(row!.headers)).toMatchObject({
      'user-agent': 'Smartlead-Webhooks/1.0',
      'content-type': 'application/json',
    });
    expect(JSON.parse(row!.headers)).not.toHaveProperty('authorization');
    expect((await drain(t, PROCESS_EVENT)).filter((job) => job.logId === row!.id)).toEqual([
      { logId: row!.id, orderingKey: `${webhook.profileId}:jane.doe@northwind.example` },
    ]);
  });

  it('recognises a platform retry of the same event: 200, counted on the first row, no second job', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin');
    const body = payloadAt(reply, new Date());
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject(post(webhook.code, body))).statusCode).toBe(200);
    const again = await t.app.inject(
      post(webhook.code, { ...body, event_timestamp: new Date(Date.now() + 30_000).toISOString() }),
    );
    expect(json(again)).toEqual({ received: true, duplicate: true });
    const rows = await rowsOf(t, webhook.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.duplicates).toBe(3);
    expect((await drain(t, PROCESS_EVENT)).filter((job) => job.logId === rows[0]!.id)).toHaveLength(
      1,
    );
  });

  it('answers 404 with a message for a code no webhook has, and stores nothing', async () => {
    const before = await t.app.db
      .selectFrom('webhook_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await t.app.inject(
      post('no-such-code-0000000000000000000', payloadAt(reply, new Date())),
    );
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ message: intakeMessages.unknownCode });
    const after = await t.app.db
      .selectFrom('webhook_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a webhook whose owner lost canWebhook, and logs the attempt for the owner', async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    await setFlags(t.app, 'user', { canWebhook: false });
    try {
      const response = await t.app.inject(post(webhook.code, payloadAt(reply, new Date())));
      expect(response.statusCode).toBe(403);
      expect(json(response)).toEqual({ message: intakeMessages.noPermission });
      const [row] = await rowsOf(t, webhook.id);
      expect(row).toMatchObject({ state: 'refused' });
      expect(JSON.parse(row!.results)).toEqual({ errors: [intakeMessages.noPermission] });
      expect((await drain(t, PROCESS_EVENT)).filter((job) => job.logId === row!.id)).toHaveLength(
        0,
      );
      const logs = await t.app.inject(
        call('GET', '/api/admin/webhook-logs', await signIn(t.app, 'user')),
      );
      expect(
        json<{ data: { webhookId: number; webhookLogResults: { errors: string[] } }[] }>(
          logs,
        ).data.find((log) => log.webhookId === webhook.id)?.webhookLogResults.errors,
      ).toEqual([intakeMessages.noPermission]);
    } finally {
      await setFlags(t.app, 'user', { canWebhook: true });
    }
  });

  it('refuses a deleted webhook with 410 and logs the attempt for its former owner', async () => {
    const webhook = await insertWebhookRow(t.app, 'manager');
    await t.app.db.deleteFrom('webhooks').where('id', '=', webhook.id).execute();
    const response = await t.app.inject(post(webhook.code, payloadAt(reply, new Date())));
    expect(response.statusCode).toBe(410);
    expect(json(response)).toEqual({ message: intakeMessages.deleted });
    const row = await t.app.db
      .selectFrom('webhook_logs')
      .selectAll()
      .where('webhook_url', '=', `http://localhost:8080/webhooks/${webhook.code}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'refused', webhook_id: null });
  });

  it('answers 400 for malformed JSON and logs it with the raw body', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin');
    const response = await t.app.inject(post(webhook.code, '{"event_type": "EMAIL_REPLY",'));
    expect(response.statusCode).toBe(400);
    expect(json<{ message: string }>(response).message).toMatch(/^The body is not valid JSON: /);
    const [row] = await rowsOf(t, webhook.id);
    expect(row).toMatchObject({ state: 'invalid', raw_body: '{"event_type": "EMAIL_REPLY",' });
    expect(JSON.parse(row!.results).errors[0]).toMatch(/^The body is not valid JSON: /);
  });

  it('keeps only the first 4 KB of a large refused body (400, 403, 410), saying so on the row', async () => {
    const big = `${'{"event_type": "EMAIL_REPLY", "x": "'}${'a'.repeat(2 * 1024 * 1024)}`;
    const cut = intakeMessages.bodyCut(4096, big.length);
    const live = await insertWebhookRow(t.app, 'admin');
    expect((await t.app.inject(post(live.code, big))).statusCode).toBe(400);
    const [invalid] = await rowsOf(t, live.id);
    expect(invalid!.raw_body).toBe(big.slice(0, 4096));
    expect(JSON.parse(invalid!.results).errors).toEqual([expect.any(String), cut]);

    const unpermitted = await insertWebhookRow(t.app, 'user');
    await setFlags(t.app, 'user', { canWebhook: false });
    try {
      expect((await t.app.inject(post(unpermitted.code, big))).statusCode).toBe(403);
    } finally {
      await setFlags(t.app, 'user', { canWebhook: true });
    }
    const [refused] = await rowsOf(t, unpermitted.id);
    expect(refused!.raw_body).toHaveLength(4096);
    expect(JSON.parse(refused!.results).errors).toEqual([intakeMessages.noPermission, cut]);

    const deleted = await insertWebhookRow(t.app, 'manager');
    await t.app.db.deleteFrom('webhooks').where('id', '=', deleted.id).execute();
    expect((await t.app.inject(post(deleted.code, big))).statusCode).toBe(410);
    const gone = await t.app.db
      .selectFrom('webhook_logs')
      .selectAll()
      .where('webhook_url', '=', `http://localhost:8080/webhooks/${deleted.code}`)
      .executeTakeFirstOrThrow();
    expect(gone.raw_body).toHaveLength(4096);
    expect(JSON.parse(gone.results).errors).toEqual([intakeMessages.deleted, cut]);
  });

  it('answers 400 for a body nested deeper than 64, before parsing it, and logs it cut', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin');
    const deep = `${'['.repeat(2_400_000)}${']'.repeat(2_400_000)}`;
    const response = await t.app.inject(post(webhook.code, deep));
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: intakeMessages.tooDeep(64) });
    const [row] = await rowsOf(t, webhook.id);
    expect(row).toMatchObject({ state: 'invalid', raw_body: '['.repeat(4096) });
    const fine = `{"a":${'['.repeat(60)}${']'.repeat(60)}}`;
    expect(json(await t.app.inject(post(webhook.code, fine)))).not.toEqual({
      message: intakeMessages.tooDeep(64),
    });
  });

  it('answers 400 for an empty body and for JSON that is not an object', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin');
    const empty = await t.app.inject({ method: 'POST', url: `/webhooks/${webhook.code}` });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toEqual({ message: intakeMessages.empty });
    expect((await t.app.inject(post(webhook.code, '[1, 2]'))).statusCode).toBe(400);
  });

  it('takes a body of almost 5 MB and answers 413 beyond, logged for the owner', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin');
    const big = payloadAt(fixtureById('smartlead.lead-category-updated')!, new Date());
    const history = Array.from({ length: 4000 }, (_, i) => ({
      stats_id: `s-${i}`,
      type: 'SENT',
      time: new Date().toISOString(),
      email_body: 'x'.repeat(1150),
      subject: 'Hello',
    }));
    const body = JSON.stringify({ ...big, history });
    expect(body.length).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(body.length).toBeLessThan(5 * 1024 * 1024);
    expect((await t.app.inject(post(webhook.code, body))).statusCode).toBe(200);
    const tooBig = await t.app.inject(
      post(
        webhook.code,
        JSON.stringify({ ...big, history: [...history, ...history.slice(0, 800)] }),
      ),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig)).toEqual({ message: intakeMessages.tooLarge(5 * 1024 * 1024) });
    const rows = await rowsOf(t, webhook.id);
    expect(rows.map((row) => row.state)).toEqual(['queued', 'invalid']);
    // two bodies of 5 MB, parsed and stored: seconds on a machine busy with other suites
  }, 120_000);

  it('takes an event whose fields hold NUL characters (JSON escapes): 200, stored as sent, its fields read without them', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin');
    const sent = {
      ...payloadAt(reply, new Date()),
      stats_id: 'nul-\u0000-1',
      to_email: 'ja\u0000ne@acme.com',
      sl_lead_email: 'ja\u0000ne@acme.com',
      subject: 'Re: \u0000hello',
    };
    const body = JSON.stringify(sent);
    expect(body).toContain('\\u0000');
    const response = await t.app.inject(post(webhook.code, body));
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(t, webhook.id);
    expect(row).toMatchObject({
      state: 'queued',
      raw_body: storedBody(body),
      email: 'jane@acme.com',
    });
    expect(JSON.parse(row!.payload)).toMatchObject({
      payload: { subject: 'Re: hello', to_email: 'jane@acme.com' },
    });
    // a retry of it is the same event
    expect((await t.app.inject(post(webhook.code, body))).statusCode).toBe(200);
    expect(await rowsOf(t, webhook.id)).toHaveLength(1);
  });

  it('answers 400 for a body holding a NUL byte (not JSON) and logs it, the byte shown as U+FFFD', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin');
    const response = await t.app.inject(post(webhook.code, '{"event_type": "EMAIL_REPLY\u0000"}'));
    expect(response.statusCode).toBe(400);
    expect(json<{ message: string }>(response).message).toMatch(/^The body is not valid JSON: /);
    const [row] = await rowsOf(t, webhook.id);
    expect(row).toMatchObject({
      state: 'invalid',
      raw_body: '{"event_type": "EMAIL_REPLY\ufffd"}',
    });
  });

  it('forwards an event once per destination: 50 endpoints differing only in their query make one delivery', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', {
      endpoints: Array.from({ length: 50 }, (_, i) => ({
        url: `https://hooks.example.com/in?copy=${i}`,
        eventTypes: ['EMAIL_REPLY'],
      })),
    });
    const response = await t.app.inject(post(webhook.code, payloadAt(reply, new Date())));
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(t, webhook.id);
    const deliveries = await t.app.db
      .selectFrom('webhook_deliveries')
      .select('user_account_id')
      .where('webhook_log_id', '=', row!.id)
      .execute();
    expect(deliveries.map((delivery) => delivery.user_account_id)).toEqual([
      webhook.userAccountIds[0],
    ]);
  });

  it('keeps valid JSON it cannot place, with the reason on the log row and no job', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', { platform: 'bison' });
    const response = await t.app.inject(post(webhook.code, { hello: 'world' }));
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(t, webhook.id);
    expect(row?.state).toBe('failed');
    expect(JSON.parse(row!.results).errors).toHaveLength(1);
  });
});

describe('a flood from one webhook URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      WEBHOOK_POSTS_PER_MINUTE: '3',
      UNKNOWN_WEBHOOK_POSTS_PER_MINUTE: '5',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is answered 429 with Retry-After once over the limit, while another webhook is still served', async () => {
    const flooded = await insertWebhookRow(t.app, 'admin');
    const other = await insertWebhookRow(t.app, 'admin');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await t.app.inject(
            post(flooded.code, { ...payloadAt(reply, new Date()), stats_id: `flood-${i}` }),
          )
        ).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await t.app.inject(post(flooded.code, payloadAt(reply, new Date())));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(json<{ message: string }>(limited).message).toMatch(
      /^Too many events for this webhook: at most 3 a minute\. Try again in \d+ seconds?$/,
    );
    expect((await t.app.inject(post(other.code, payloadAt(reply, new Date())))).statusCode).toBe(
      200,
    );
  });

  it('logs the first refusal of the minute on the webhook for its owner, once', async () => {
    const flooded = await insertWebhookRow(t.app, 'admin');
    for (let i = 0; i < 6; i++)
      await t.app.inject(
        post(flooded.code, { ...payloadAt(reply, new Date()), stats_id: `once-${i}` }),
      );
    const rows = await rowsOf(t, flooded.id);
    expect(rows.map((row) => row.state)).toEqual(['queued', 'queued', 'queued', 'refused']);
    expect(JSON.parse(rows[3]!.results).errors[0]).toMatch(/^Too many events for this webhook/);
  });

  // on PostgreSQL the counters are rows of a table (no cache to evict): 5,000 posts would cost CI 17 s there
  const onSqlite = testDialect() === 'sqlite' ? it : it.skip;
  onSqlite(
    'cannot be reset by posting to thousands of other codes from other addresses',
    async () => {
      const flooded = await insertWebhookRow(t.app, 'admin');
      const postFlooded = (i: number) =>
        t.app.inject(
          post(flooded.code, { ...payloadAt(reply, new Date()), stats_id: `reset-${i}` }),
        );
      for (let i = 0; i < 4; i++) await postFlooded(i);
      // the former limiter's cache (@fastify/rate-limit's LRU) held 5,000 keys: as many other keys evicted the flooded code's counter
      for (let i = 0; i < 5_100; i++)
        await t.app.inject({
          ...post(`unknown-${i}`, '{}'),
          remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        });
      expect((await postFlooded(99)).statusCode).toBe(429);
    },
    60_000,
  );

  it('limits posts to unknown codes per client address, apart from live webhooks', async () => {
    const live = await insertWebhookRow(t.app, 'manager');
    const from = (address: string, code: string) =>
      t.app.inject({ ...post(code, '{}'), remoteAddress: address });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await from('203.0.113.7', `nothing-${i}`)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    const limited = await from('203.0.113.7', 'nothing-else');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(json<{ message: string }>(limited).message).toMatch(
      /^Too many posts to unknown webhook URLs from this address: at most 5 a minute\. Try again in \d+ seconds?$/,
    );
    expect((await from('203.0.113.8', 'nothing-0')).statusCode).toBe(404);
    const served = await t.app.inject({
      ...post(live.code, payloadAt(reply, new Date())),
      remoteAddress: '203.0.113.7',
    });
    expect(served.statusCode).toBe(200);
  });
});

describe('the quotas of a webhook and of an organization', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_EVENTS_PER_HOUR: '2', ORGANIZATION_MB_PER_HOUR: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 429 with Retry-After past the webhook's events an hour, logged once for the owner", async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await t.app.inject(
            post(webhook.code, { ...payloadAt(reply, new Date()), stats_id: `q-${i}` }),
          )
        ).statusCode,
      );
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    const over = await t.app.inject(post(webhook.code, payloadAt(reply, new Date())));
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
    expect(json<{ message: string }>(over).message).toMatch(
      /^Over the webhook's quota of 2 events an hour\. Try again in \d+ seconds$/,
    );
    const rows = await rowsOf(t, webhook.id);
    expect(rows.map((row) => row.state)).toEqual(['queued', 'queued', 'refused']);
  });

  it('refuses the posts after a quota refusal before reading their bodies, until the window ends', async () => {
    const webhook = await insertWebhookRow(t.app, 'user');
    for (let i = 0; i < 3; i++)
      await t.app.inject(
        post(webhook.code, { ...payloadAt(reply, new Date()), stats_id: `h-${i}` }),
      );
    // a body over the 5 MB limit would be answered 413 once read: it is not read
    const huge = await t.app.inject(post(webhook.code, 'x'.repeat(6 * 1024 * 1024)));
    expect(huge.statusCode).toBe(429);
    expect(Number(huge.headers['retry-after'])).toBeGreaterThan(3000);
    expect(json<{ message: string }>(huge).message).toMatch(
      /^Over the webhook's quota of 2 events an hour\. Try again in \d+ seconds$/,
    );
    expect((await rowsOf(t, webhook.id)).map((row) => row.state)).toEqual([
      'queued',
      'queued',
      'refused',
    ]);
  });

  it("counts the bytes of all an organization's webhooks together", async () => {
    const first = await insertWebhookRow(t.app, 'admin');
    const second = await insertWebhookRow(t.app, 'admin');
    const padded = (id: string) =>
      JSON.stringify({
        ...payloadAt(reply, new Date()),
        stats_id: id,
        padding: 'p'.repeat(600_000),
      });
    expect((await t.app.inject(post(first.code, padded('a')))).statusCode).toBe(200);
    const body = padded('b');
    const over = await t.app.inject(post(second.code, body));
    expect(over.statusCode).toBe(429);
    expect(json<{ message: string }>(over).message).toMatch(
      /^Over the organization's quota of 1 MB an hour\. Try again in \d+ seconds$/,
    );
    const [refused] = await rowsOf(t, second.id);
    expect(refused!.state).toBe('refused');
    expect(refused!.raw_body).toBe(storedBody(body.slice(0, 4096)));
    // another organization's webhook is still served
    const other = await insertWebhookRow(t.app, 'user');
    expect((await t.app.inject(post(other.code, padded('c')))).statusCode).toBe(200);
  });
});

describe('all webhooks together, a minute (the disk)', () => {
  const padded = (id: string) =>
    JSON.stringify({ ...payloadAt(reply, new Date()), stats_id: id, padding: 'p'.repeat(600_000) });

  it('refuses 429 with Retry-After past the megabytes a minute, whichever organization posts, keeping 4 KB of the body', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { INTAKE_MEGABYTES_PER_MINUTE: '1', LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const first = await insertWebhookRow(t.app, 'admin');
      const other = await insertWebhookRow(t.app, 'user');
      expect((await t.app.inject(post(first.code, padded('a')))).statusCode).toBe(200);
      const body = padded('b');
      const over = await t.app.inject(post(other.code, body));
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(json<{ message: string }>(over).message).toMatch(
        /^Too much data for all webhooks together: at most 1 MB a minute\. Try again in \d+ seconds?$/,
      );
      expect((await t.app.inject(post(first.code, padded('c')))).statusCode).toBe(429);
      const [refused] = await rowsOf(t, other.id);
      expect(refused!.state).toBe('refused');
      expect(refused!.raw_body).toBe(storedBody(body.slice(0, 4096)));
      expect((await rowsOf(t, first.id)).map((row) => row.state)).toEqual(['queued']);
      const told = lines.filter((line) => line.includes('INTAKE_MEGABYTES_PER_MINUTE'));
      expect(told).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('lets another organization bring in its share of the minute after one organization used up the rest', async () => {
    const t = await createTestApp({ INTAKE_MEGABYTES_PER_MINUTE: '2' });
    try {
      const flooding = await insertWebhookRow(t.app, 'admin');
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await t.app.inject(post(flooding.code, padded(`f-${i}`)))).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // a quarter of 2 MB is the other organization's whatever the first did
      const quiet = await insertWebhookRow(t.app, 'user');
      const small = { ...payloadAt(reply, new Date()), stats_id: 'quiet' };
      expect((await t.app.inject(post(quiet.code, small))).statusCode).toBe(200);
      // past its share, it is refused like the first
      const past = await t.app.inject(post(quiet.code, padded('q')));
      expect(json<{ message: string }>(past).message).toMatch(/^Too much data for all webhooks/);
    } finally {
      await t.close();
    }
  });

  it("counts none of the bytes of a post past its own webhook's quota", async () => {
    const t = await createTestApp({ INTAKE_MEGABYTES_PER_MINUTE: '2', WEBHOOK_MB_PER_HOUR: '1' });
    try {
      const flooding = await insertWebhookRow(t.app, 'admin');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await t.app.inject(post(flooding.code, padded(`f-${i}`)))).statusCode);
      expect(statuses).toEqual([200, 429, 429, 429]);
      const second = await insertWebhookRow(t.app, 'user');
      const third = await insertWebhookRow(t.app, 'manager');
      expect((await t.app.inject(post(second.code, padded('s')))).statusCode).toBe(200);
      expect((await t.app.inject(post(third.code, padded('t')))).statusCode).toBe(200);
      const fourth = await insertWebhookRow(t.app, 'user');
      const over = await t.app.inject(post(fourth.code, padded('u')));
      expect(json<{ message: string }>(over).message).toMatch(/^Too much data for all webhooks/);
    } finally {
      await t.close();
    }
  });
});
