import type { WebhookSettings } from '../../src/repositories/webhooks.js';
import { insertWebhook } from '../../src/repositories/webhooks.js';
import { newWebhookCode } from '../../src/repositories/webhook-codes.js';
import { PROCESS_EVENT } from '../../src/jobs/job-names.js';
import { processEventHandler } from '../../src/crm-writers/process-event-job.js';
import { crmEventProcessor } from '../../src/crm-writers/event-processor.js';
import { userIdOf } from './rows.js';
import type { TestAccount, TestApp } from './test-app.js';
import { runSendEventJobs } from './send-event-jobs.js';

/**
 * The event pipeline end to end in a test (WORKERS=off): a webhook on a connected profile, posts to its
 * URL through the app, and the process-event jobs run here until none is due.
 */

export const webhookSettings = (change: Partial<WebhookSettings> = {}): WebhookSettings => ({
  emailService: 'smartlead',
  apiKeyId: null,
  smartleadBaseCategories: [],
  owner: {
    id: '7010002',
    firstName: 'Maria',
    lastName: 'Garcia',
    email: 'maria.garcia@crm-sync-sandbox.com',
  },
  createOrUpdateCompany: false,
  createOrUpdateTask: false,
  createContactCustomProperties: false,
  assignCompanyOwner: false,
  assignContactOwner: false,
  customTaskSubject: null,
  logType: 0,
  salesforceObjectType: 'LEAD',
  salesforceOnlyUpdate: false,
  salesforceCustomFieldObjects: [],
  objectLookupMethod: 'default',
  objectLookupIdField: null,
  objectDefaultSearchProperty: null,
  optionalAlternativeProperty: null,
  ...change,
});

/** A webhook of the account on an existing (connected) profile, its code marked used; answers its id and code. */
export async function webhookOn(
  t: TestApp,
  account: TestAccount,
  userProfileId: number,
  settings: WebhookSettings,
): Promise<{ id: number; code: string }> {
  const userId = await userIdOf(t.app, account);
  const code = newWebhookCode();
  const now = new Date();
  const id = await t.app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_codes')
      .values({ code, user_id: userId, created_at: now.toISOString(), used_at: now.toISOString() })
      .execute();
    return insertWebhook(trx, { userProfileId, userId, code, settings, endpoints: [] }, now);
  });
  return { id, code };
}

/** Posts a body to the webhook URL as a platform would; answers the status. */
export async function postEvent(t: TestApp, code: string, payload: object): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/webhooks/${code}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  return response.statusCode;
}

/** Runs due process-event jobs with the CRM writers until none is left; answers how many ran. */
export async function drainEvents(t: TestApp): Promise<number> {
  const processEvent = processEventHandler(t.app.deps, crmEventProcessor, t.app.queue);
  await runSendEventJobs(t);
  let ran = 0;
  while (await t.app.queue.runNext(PROCESS_EVENT, processEvent)) ran += 1;
  return ran;
}

/** The webhook's log rows (events) in arrival order, with their state and errors. */
export async function eventRows(
  t: TestApp,
  webhookId: number,
): Promise<
  { id: number; state: string; errors: string[]; email: string | null; eventType: string | null }[]
> {
  const rows = await t.app.db
    .selectFrom('webhook_logs')
    .select(['id', 'state', 'results', 'email', 'event_type'])
    .where('webhook_id', '=', webhookId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    errors: (JSON.parse(row.results) as { errors: string[] }).errors,
    email: row.email,
    eventType: row.event_type,
  }));
}
