import type { CrmBacklog, WebhookLogPage } from 'shared/contract';
import { PROCESS_EVENT } from '../src/jobs/job-names.js';
import { fakeClock } from './helpers/fake-clock.js';
import { insertWebhookRow } from './helpers/rows.js';
import { runSendEventJobs } from './helpers/send-event-jobs.js';
import { distinctSmartleadEvent } from './helpers/spawned.js';
import { call, createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';

/**
 * Issue 55: the events waiting for a CRM account's rate limit are counted per account, with about how
 * long they take at the drain measured between two looks, and each waiting event's log row tells its
 * place in the account's line.
 */
describe('the CRM backlog', () => {
  const clock = fakeClock(new Date('2026-03-02T09:00:00.000Z'));
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    cookie = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (code: string, index: number) =>
    t.app.inject({
      method: 'POST',
      url: `/webhooks/${code}`,
      headers: { 'content-type': 'application/json' },
      payload: distinctSmartleadEvent('backlog', index, 10),
    });
  const backlog = async () =>
    json<CrmBacklog>(await t.app.inject(call('GET', '/api/admin/crm-backlog', cookie)));

  it('counts the waiting events of each CRM account, says about how long they take at the measured drain, and places each waiting event in line', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin');
    expect(await backlog()).toEqual({ accounts: [] });
    for (let index = 0; index < 30; index++) await post(webhook.code, index);
    await runSendEventJobs(t);

    // before a drain is measured: HubSpot's search limit, 300 events a minute
    expect(await backlog()).toEqual({
      accounts: [{ userProfileId: webhook.profileId, crm: 'HUBSPOT', waiting: 30, minutes: 1 }],
    });
    const page = json<WebhookLogPage>(
      await t.app.inject(call('GET', '/api/admin/webhook-logs?page=1', cookie)),
    );
    // newest first: the last of 30 replies is 30th in line
    expect(page.data.slice(0, 3).map((log) => [log.state, log.placeInLine])).toEqual([
      ['queued', 30],
      ['queued', 29],
      ['queued', 28],
    ]);

    // a minute later 15 were written and 5 more came: 15 a minute, 20 waiting
    clock.advance(60_000);
    for (let written = 0; written < 15; written++)
      await t.app.queue.runNext(PROCESS_EVENT, async () => undefined);
    for (let index = 30; index < 35; index++) await post(webhook.code, index);
    await runSendEventJobs(t);
    expect(await backlog()).toEqual({
      accounts: [{ userProfileId: webhook.profileId, crm: 'HUBSPOT', waiting: 20, minutes: 2 }],
    });
  });
});
