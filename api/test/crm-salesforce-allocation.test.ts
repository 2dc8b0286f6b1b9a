import { fixtureById, payloadAt } from 'shared/events';
import { findUserProfile } from '../src/repositories/user-profiles.js';
import { salesforceAllocationKey } from '../src/repositories/api-allocations.js';
import { connectSalesforce } from './helpers/fixtures.js';
import {
  drainEvents,
  eventRows,
  postEvent,
  webhookOn,
  webhookSettings,
} from './helpers/pipeline.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxRequests } from './helpers/sandbox-control.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Salesforce's daily API allocation, read from Sforce-Limit-Info on every answer and shared by every process through the database. */
describe('Salesforce daily API allocation', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox({ SANDBOX_SALESFORCE_DAILY_API_REQUESTS: '6' });
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('keeps what each answer reports; once the day’s allocation is used up the org’s events wait for the next day, unfailed and uncalled', async () => {
    const { profileId } = await connectSalesforce(t.app, sandbox.url, 'user');
    const profile = (await findUserProfile(t.app.db, profileId))!;
    const webhook = await webhookOn(
      t,
      'user',
      profileId,
      webhookSettings({
        owner: {
          id: profile.accountId,
          firstName: 'Sandbox',
          lastName: 'Admin',
          email: 'admin@crm-sync-sandbox.example',
        },
      }),
    );
    const allocation = () =>
      t.app.db
        .selectFrom('api_allocations')
        .select(['used', 'allowed'])
        .where('key', '=', salesforceAllocationKey(profile.organizationId))
        .executeTakeFirst();
    const sent = (n: number) => ({
      ...payloadAt(fixtureById('smartlead.email-sent')!, new Date()),
      to_email: `allocation.${n}@acme-sf.example`,
      sl_lead_email: `allocation.${n}@acme-sf.example`,
      stats_id: `allocation-${n}`,
    });

    let n = 0;
    while (((await allocation())?.used ?? 0) < 6) {
      n += 1;
      expect(await postEvent(t, webhook.code, sent(n))).toBe(200);
      await drainEvents(t);
      expect(n).toBeLessThan(10);
    }
    expect(await allocation()).toEqual({ used: 6, allowed: 6 });
    const callsBefore = (await sandboxRequests(sandbox, 'salesforce')).length;

    expect(await postEvent(t, webhook.code, sent(n + 1))).toBe(200);
    expect(await drainEvents(t)).toBe(1);
    const rows = await eventRows(t, webhook.id);
    const waiting = rows[rows.length - 1]!;
    expect(waiting.state).toBe('queued');
    const attempts = await t.app.db
      .selectFrom('webhook_attempts')
      .select(['outcome', 'error'])
      .where('webhook_log_id', '=', waiting.id)
      .execute();
    expect(attempts).toEqual([
      {
        outcome: 'retrying',
        error: expect.stringMatching(
          /daily API allocation for this org is used up \(6 of 6 calls\): events wait until \d{4}-\d\d-\d\dT00:00:00\.000Z/,
        ),
      },
    ]);
    expect((await sandboxRequests(sandbox, 'salesforce')).length).toBe(callsBefore);
    // not due again today: nothing runs
    expect(await drainEvents(t)).toBe(0);
  });
});
