import { fixtureById, payloadAt } from 'shared/events';
import { RETENTION } from '../src/jobs/job-names.js';
import { retentionKeyAt } from '../src/jobs/retention.js';
import { retentionHandler } from '../src/receiver/retention-job.js';
import { fakeClock } from './helpers/fake-clock.js';
import { insertWebhookRow } from './helpers/rows.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe('event retention', () => {
  const clock = fakeClock(new Date('2026-01-01T08:00:00.000Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EVENT_RETENTION_DAYS: '30' }, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  async function postEvents(code: string, count: number, tag: string): Promise<number[]> {
    for (let i = 0; i < count; i++) {
      const body = JSON.stringify({
        ...payloadAt(fixtureById('smartlead.email-reply')!, clock.now()),
        stats_id: `${tag}-${i}`,
      });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/webhooks/${code}`,
            headers: { 'content-type': 'application/json' },
            payload: body,
          })
        ).statusCode,
      ).toBe(200);
    }
    const rows = await t.app.db
      .selectFrom('webhook_logs')
      .select('id')
      .where('dedupe_key', 'like', `%${tag}-%`)
      .execute();
    return rows.map((row) => row.id);
  }

  it('deletes events, their deliveries and attempts once they are older than EVENT_RETENTION_DAYS, one job an hour however many ask', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', {
      endpoints: [{ url: 'https://hooks.example.test/in', eventTypes: ['EMAIL_REPLY'] }],
    });
    const old = await postEvents(webhook.code, 3, 'old');
    await t.app.db
      .insertInto('webhook_attempts')
      .values({
        webhook_log_id: old[0]!,
        delivery_id: null,
        kind: 'process',
        attempt: 1,
        started_at: clock.now().toISOString(),
        duration_ms: 5,
        status_code: null,
        answer: null,
        error: null,
        outcome: 'succeeded',
      })
      .execute();
    clock.advance(20 * DAY);
    const recent = await postEvents(webhook.code, 2, 'recent');
    clock.advance(11 * DAY);

    const key = retentionKeyAt(clock.now());
    expect(await t.app.queue.send(RETENTION, {}, { key })).not.toBeNull();
    expect(await t.app.queue.send(RETENTION, {}, { key })).toBeNull();
    expect(await t.app.queue.runNext(RETENTION, retentionHandler(t.app.deps))).toBe(true);

    const left = await t.app.db
      .selectFrom('webhook_logs')
      .select('id')
      .where('webhook_id', '=', webhook.id)
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.id)).toEqual(recent);
    expect(
      await t.app.db
        .selectFrom('webhook_deliveries')
        .select('webhook_log_id')
        .where('webhook_log_id', 'in', old)
        .execute(),
    ).toEqual([]);
    expect(
      await t.app.db
        .selectFrom('webhook_attempts')
        .select('id')
        .where('webhook_log_id', 'in', old)
        .execute(),
    ).toEqual([]);
    expect(
      await t.app.db
        .selectFrom('webhook_deliveries')
        .select('webhook_log_id')
        .where('webhook_log_id', 'in', recent)
        .execute(),
    ).toHaveLength(2);
  });
});
