import { distinctSmartleadEvent } from './helpers/spawned.js';
import { ProviderError } from '../src/providers/provider-error.js';
import { ANSWER_RECORD_CHARS } from '../src/records/attempt-answer.js';
import { processStoredEvent, stepsAnswer } from '../src/crm-writers/process-event-job.js';
import type { EventProcessor } from '../src/receiver/process-event.js';
import { insertProfile, insertWebhookRow } from './helpers/rows.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The process-event job's record of a run, by how the processor ended. */
describe('processStoredEvent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function storedEvent(n: number): Promise<number> {
    const profileId = await insertProfile(t.app, 'admin');
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId });
    const response = await t.app.inject({
      method: 'POST',
      url: `/webhooks/${webhook.code}`,
      headers: { 'content-type': 'application/json' },
      payload: distinctSmartleadEvent('process-event', n),
    });
    expect(response.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('webhook_logs')
      .select('id')
      .where('webhook_id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const rowOf = (id: number) =>
    t.app.db
      .selectFrom('webhook_logs')
      .select(['state', 'processed_at', 'results'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const attemptsOf = (id: number) =>
    t.app.db
      .selectFrom('webhook_attempts')
      .select(['outcome', 'error'])
      .where('webhook_log_id', '=', id)
      .execute();
  const answerOf = async (id: number) =>
    (
      await t.app.db
        .selectFrom('webhook_attempts')
        .select('answer')
        .where('webhook_log_id', '=', id)
        .executeTakeFirstOrThrow()
    ).answer;

  it('records what each step did as the attempt answer, for the event panel to list', async () => {
    const id = await storedEvent(3);
    const written: EventProcessor = async () => [
      { name: 'contact', ok: true, detail: 'updated 7000123 (by email)' },
      { name: 'company', ok: true, skipped: 'No company domain' },
      { name: 'task', ok: false, error: 'HubSpot refused the task' },
    ];
    await processStoredEvent(t.app.deps, written, {
      logId: id,
      attempt: 1,
      lastAttempt: false,
      replay: false,
    });
    expect(JSON.parse((await answerOf(id))!)).toEqual([
      { name: 'contact', ok: true, detail: 'updated 7000123 (by email)' },
      { name: 'company', ok: true, skipped: 'No company domain' },
      { name: 'task', ok: false, error: 'HubSpot refused the task' },
    ]);
  });

  it('a rate limit on the last attempt is not the end: the run is recorded as retrying, the error goes back to the queue, the row stays unprocessed', async () => {
    const id = await storedEvent(1);
    const limited: EventProcessor = async () => {
      throw new ProviderError('rate-limited', 'HubSpot', 'HubSpot is limiting requests', {
        retryAfterMs: 5000,
      });
    };
    await expect(
      processStoredEvent(t.app.deps, limited, {
        logId: id,
        attempt: 8,
        lastAttempt: true,
        replay: false,
      }),
    ).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(await rowOf(id)).toMatchObject({ state: 'queued', processed_at: null });
    expect(await attemptsOf(id)).toEqual([
      { outcome: 'retrying', error: expect.stringContaining('HubSpot is limiting requests') },
    ]);
  });

  it('any other failure on the last attempt fails the event with its message', async () => {
    const id = await storedEvent(2);
    const broken: EventProcessor = async () => {
      throw new ProviderError('unavailable', 'HubSpot', 'HubSpot answered 503');
    };
    await processStoredEvent(t.app.deps, broken, {
      logId: id,
      attempt: 8,
      lastAttempt: true,
      replay: false,
    });
    const row = await rowOf(id);
    expect(row.state).toBe('failed');
    expect(JSON.parse(row.results)).toEqual({
      errors: [expect.stringContaining('HubSpot answered 503')],
    });
  });
});

describe('stepsAnswer', () => {
  it('keeps steps whole while they fit', () => {
    const steps = [{ name: 'contact', ok: true, detail: 'created 7000123' }];
    expect(stepsAnswer(steps)).toBe(JSON.stringify(steps));
  });

  it('shortens long texts rather than cutting the JSON, so the answer can still be read back', () => {
    const long = 'HubSpot refused the contact: '.padEnd(3000, 'x');
    const answer = stepsAnswer([
      { name: 'contact', ok: false, error: long },
      { name: 'task', ok: true, detail: 'created 9001 on contact 7000123' },
    ]);
    expect(answer.length).toBeLessThanOrEqual(ANSWER_RECORD_CHARS);
    const steps = JSON.parse(answer) as { name: string; error?: string; detail?: string }[];
    expect(steps.map((step) => step.name)).toEqual(['contact', 'task']);
    expect(steps[0]!.error).toMatch(/^HubSpot refused the contact: x+…$/);
    expect(steps[1]!.detail).toBe('created 9001 on contact 7000123');
  });

  it('leaves out the last steps when even short texts do not fit', () => {
    const steps = Array.from({ length: 40 }, (_, index) => ({
      name: `step ${index}`,
      ok: true,
      detail: 'created 9001 on contact 7000123',
    }));
    const answer = stepsAnswer(steps);
    expect(answer.length).toBeLessThanOrEqual(ANSWER_RECORD_CHARS);
    const kept = JSON.parse(answer) as { name: string }[];
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(40);
    expect(kept.map((step) => step.name)).toEqual(
      steps.slice(0, kept.length).map((step) => step.name),
    );
  });
});
