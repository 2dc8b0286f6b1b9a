import { distinctSmartleadEvent } from './helpers/spawned.js';
import { ProviderError } from '../src/providers/provider-error.js';
import { processStoredEvent, type EventProcessor } from '../src/receiver/process-event.js';
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
    const response = await t.app.inject({ method: 'POST', url: `/webhooks/${webhook.code}`, headers: { 'content-type': 'application/json' }, payload: distinctSmartleadEvent('process-event', n) });
    expect(response.statusCode).toBe(200);
    const row = await t.app.db.selectFrom('webhook_logs').select('id').where('webhook_id', '=', webhook.id).executeTakeFirstOrThrow();
    return row.id;
  }
  const rowOf = (id: number) => t.app.db.selectFrom('webhook_logs').select(['state', 'processed_at', 'results']).where('id', '=', id).executeTakeFirstOrThrow();
  const attemptsOf = (id: number) => t.app.db.selectFrom('webhook_attempts').select(['outcome', 'error']).where('webhook_log_id', '=', id).execute();

  it('a rate limit on the last attempt is not the end: the run is recorded as retrying, the error goes back to the queue, the row stays unprocessed', async () => {
    const id = await storedEvent(1);
    const limited: EventProcessor = async () => {
      throw new ProviderError('rate-limited', 'HubSpot', 'HubSpot is limiting requests', { retryAfterMs: 5000 });
    };
    await expect(processStoredEvent(t.app.deps, limited, { logId: id, attempt: 8, lastAttempt: true, replay: false })).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(await rowOf(id)).toMatchObject({ state: 'queued', processed_at: null });
    expect(await attemptsOf(id)).toEqual([{ outcome: 'retrying', error: expect.stringContaining('HubSpot is limiting requests') }]);
  });

  it('any other failure on the last attempt fails the event with its message', async () => {
    const id = await storedEvent(2);
    const broken: EventProcessor = async () => {
      throw new ProviderError('unavailable', 'HubSpot', 'HubSpot answered 503');
    };
    await processStoredEvent(t.app.deps, broken, { logId: id, attempt: 8, lastAttempt: true, replay: false });
    const row = await rowOf(id);
    expect(row.state).toBe('failed');
    expect(JSON.parse(row.results)).toEqual({ errors: [expect.stringContaining('HubSpot answered 503')] });
  });
});
