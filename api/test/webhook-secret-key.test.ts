import { webhook as webhookSchema, type Webhook } from 'shared/contract';
import { fixtureById, payloadAt } from 'shared/events';
import { forwardEventHandler } from '../src/forwarding/forward-event-job.js';
import { FORWARD_EVENT, PROCESS_EVENT, type ForwardEventJob } from '../src/jobs/job-names.js';
import { intakeMessages } from '../src/receiver/intake-messages.js';
import { fakeClock, type FakeClock } from './helpers/fake-clock.js';
import { insertProfile, userIdOf } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { runSendEventJobs } from './helpers/send-event-jobs.js';
import { call, createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';

const reply = fixtureById('smartlead.email-reply')!;
const REQUIRED = 'sl-secret-7c41e2d9';
const REDACTED = '"secret_key":"[redacted]"';

/**
 * Issue 53: a Smartlead webhook may require the secret key Smartlead sends as `secret_key`, set
 * write-only in its settings and stored sealed; a post without it is refused 403 and logged as a
 * refusal. Every Smartlead body is stored, shown in History and forwarded with its secret redacted.
 */
describe('the Smartlead secret key of a webhook', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let clock: FakeClock;
  let cookie: string;
  let profileId: number;
  let endpointId: number;
  let posted = 0;

  beforeAll(async () => {
    sandbox = await startSandbox();
    clock = fakeClock();
    t = await createTestApp({ SANDBOX_URL: sandbox.url }, { clock });
    cookie = await signIn(t.app, 'admin');
    profileId = await insertProfile(t.app, 'admin', 'HUBSPOT');
    ({ id: endpointId } = await t.app.db
      .insertInto('user_accounts')
      .values({
        user_profile_id: profileId,
        user_id: await userIdOf(t.app, 'admin'),
        url: `${sandbox.url}/catcher/secret-key-mirror`,
        description: 'mirror',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const settings = (change: Record<string, unknown> = {}) => ({
    selectedOwner: { id: '101', firstName: 'Olive', lastName: 'Owner', email: 'o@example.com' },
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    additionalEndpoints: [
      { userAccount: { id: endpointId, description: 'mirror' }, eventTypes: ['EMAIL_REPLY'] },
    ],
    ...change,
  });
  const create = async (change: Record<string, unknown>): Promise<Webhook> => {
    const code = (await t.app.inject(call('POST', '/api/admin/webhooks/generate', cookie))).body;
    const body = { ...settings(change), userProfileId: profileId, code };
    const response = await t.app.inject(call('POST', '/api/admin/webhooks', cookie, body));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(REQUIRED);
    return webhookSchema.parse(json(response));
  };
  const update = async (id: number, change: Record<string, unknown>): Promise<Webhook> => {
    const response = await t.app.inject(
      call('PUT', `/api/admin/webhooks/${id}`, cookie, settings(change)),
    );
    expect(response.statusCode).toBe(200);
    // the receiver sees a changed webhook within a second (its look-ups are cached that long)
    clock.advance(1000);
    return webhookSchema.parse(json(response));
  };
  /** Posts a reply event as Smartlead does, with `secret_key` as given (left out when undefined). */
  const postReply = async (code: string, secretKey: string | undefined) => {
    posted += 1;
    const { secret_key: _fixtureKey, ...event } = payloadAt(reply, new Date());
    const body = JSON.stringify({
      ...event,
      ...(secretKey === undefined ? {} : { secret_key: secretKey }),
      stats_id: `secret-key-${posted}`,
    });
    return t.app.inject({
      method: 'POST',
      url: `/webhooks/${code}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
  };
  const lastRow = (webhookId: number) =>
    t.app.db
      .selectFrom('webhook_logs')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const storedKey = async (id: number) =>
    (
      await t.app.db
        .selectFrom('webhooks')
        .select('smartlead_secret_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).smartlead_secret_key;

  it('is stored sealed and shown only as set', async () => {
    const created = await create({ smartleadSecretKey: ` ${REQUIRED} ` });
    expect(created.hasSmartleadSecretKey).toBe(true);
    const sealed = await storedKey(created.id);
    expect(sealed).not.toContain(REQUIRED);
    expect(t.app.secretBox.open(sealed!)).toBe(REQUIRED);
    const lists = await t.app.inject(call('GET', '/api/admin/webhooks', cookie));
    expect(lists.body).not.toContain(REQUIRED);
    expect(lists.body).not.toContain(sealed);
  });

  it('lets the right key through: 200, stored as an event with its jobs, the key redacted where it is kept, shown and forwarded', async () => {
    const created = await create({ smartleadSecretKey: REQUIRED });
    const response = await postReply(created.code, REQUIRED);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ received: true, duplicate: false });
    const row = await lastRow(created.id);
    expect(row).toMatchObject({ state: 'queued', event_type: 'EMAIL_REPLY' });
    expect(row.raw_body).toContain(REDACTED);
    expect(row.raw_body).not.toContain(REQUIRED);

    await runSendEventJobs(t);
    const processed: number[] = [];
    while (
      await t.app.queue.runNext<{ logId: number }>(PROCESS_EVENT, async (job) => {
        processed.push(job.data.logId);
      })
    ) {
      // next
    }
    expect(processed).toContain(row.id);

    const shown = await t.app.inject(call('GET', `/api/admin/webhook-logs/${row.id}`, cookie));
    expect(shown.statusCode).toBe(200);
    expect(json<{ rawBody: string }>(shown).rawBody).toContain(REDACTED);
    expect(shown.body).not.toContain(REQUIRED);

    expect(
      await t.app.queue.runNext<ForwardEventJob>(FORWARD_EVENT, (job) =>
        forwardEventHandler(t.app.deps, job),
      ),
    ).toBe(true);
    const caught = (await sandbox.app.inject({ method: 'GET', url: '/_sandbox/state/catcher' }))
      .json<{ deliveries: { name: string; bodyText: string }[] }>()
      .deliveries.filter((delivery) => delivery.name === 'secret-key-mirror');
    expect(caught).toHaveLength(1);
    expect(caught[0]!.bodyText).toBe(row.raw_body);
    expect(caught[0]!.bodyText).not.toContain(REQUIRED);
  });

  it.each([
    ['a wrong key', 'sl-secret-7c41e2d8'],
    ['no key', undefined],
  ])(
    'refuses %s with 403, logged as a refusal without the secret and not stored as an event',
    async (_case, secretKey) => {
      const created = await create({ smartleadSecretKey: REQUIRED });
      const response = await postReply(created.code, secretKey);
      expect(response.statusCode).toBe(403);
      expect(json(response)).toEqual({ message: intakeMessages.wrongSecretKey });
      const row = await lastRow(created.id);
      expect(row).toMatchObject({
        state: 'refused',
        event_type: null,
        dedupe_key: null,
        lead_key: null,
      });
      expect(JSON.parse(row.results)).toEqual({ errors: [intakeMessages.wrongSecretKey] });
      if (secretKey !== undefined) {
        expect(row.raw_body).toContain(REDACTED);
        expect(row.raw_body).not.toContain(secretKey);
      }
      const deliveries = await t.app.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_log_id', '=', row.id)
        .execute();
      expect(deliveries).toEqual([]);
    },
  );

  it('is kept when an update leaves it out, replaced by a new key, and removed by null or another platform', async () => {
    const created = await create({ smartleadSecretKey: REQUIRED });
    const sealed = await storedKey(created.id);
    expect((await update(created.id, {})).hasSmartleadSecretKey).toBe(true);
    expect(await storedKey(created.id)).toBe(sealed);
    expect((await postReply(created.code, 'other')).statusCode).toBe(403);

    expect(
      (await update(created.id, { smartleadSecretKey: 'sl-new-key' })).hasSmartleadSecretKey,
    ).toBe(true);
    expect((await postReply(created.code, REQUIRED)).statusCode).toBe(403);
    expect((await postReply(created.code, 'sl-new-key')).statusCode).toBe(200);

    expect((await update(created.id, { smartleadSecretKey: null })).hasSmartleadSecretKey).toBe(
      false,
    );
    expect(await storedKey(created.id)).toBeNull();
    expect((await postReply(created.code, undefined)).statusCode).toBe(200);

    await update(created.id, { smartleadSecretKey: 'again' });
    const instantly = await update(created.id, {
      emailService: 'instantly',
      additionalEndpoints: [],
    });
    expect(instantly.hasSmartleadSecretKey).toBe(false);
    expect(await storedKey(created.id)).toBeNull();
  });

  it('is not asked of a webhook on another platform, nor of the signed-in test URL', async () => {
    const instantly = await create({ emailService: 'instantly', smartleadSecretKey: REQUIRED });
    expect(instantly.hasSmartleadSecretKey).toBe(false);
    expect(await storedKey(instantly.id)).toBeNull();

    const created = await create({ smartleadSecretKey: REQUIRED });
    const { secret_key: _key, ...event } = payloadAt(reply, new Date());
    const tested = await t.app.inject(
      call('POST', `/webhooks/test/${created.code}`, cookie, { ...event, stats_id: 'test-url' }),
    );
    expect(tested.statusCode).toBe(200);
    expect(tested.body).not.toContain(intakeMessages.wrongSecretKey);
    expect((await lastRow(created.id)).state).not.toBe('refused');
  });

  it('refuses a key that is blank, too long or holds NUL with 400', async () => {
    for (const smartleadSecretKey of ['   ', 'k'.repeat(201), 'a\u0000b']) {
      const code = (await t.app.inject(call('POST', '/api/admin/webhooks/generate', cookie))).body;
      const body = { ...settings({ smartleadSecretKey }), userProfileId: profileId, code };
      const response = await t.app.inject(call('POST', '/api/admin/webhooks', cookie, body));
      expect(response.statusCode).toBe(400);
    }
  });
});
