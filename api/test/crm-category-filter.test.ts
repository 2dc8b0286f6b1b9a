import { fixtureById, payloadAt } from 'shared/events';
import { categoryFilterMessages, expireHeldEvents } from '../src/crm-writers/category-filter.js';
import { connectHubSpot } from './helpers/fixtures.js';
import {
  drainEvents,
  eventRows,
  postEvent,
  webhookOn,
  webhookSettings,
} from './helpers/pipeline.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxState } from './helpers/sandbox-control.js';
import { call, createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';

/** The category-based filter (approved events FILTERED): a lead's events wait for an allowed category. */

const categories = [
  { id: 1, name: 'Interested' },
  { id: 2, name: 'Meeting Request' },
];
const smartleadTo = (id: string, email: string) => ({
  ...payloadAt(fixtureById(id)!, new Date()),
  to_email: email,
  sl_lead_email: email,
  stats_id: `stats-${email}`,
});
const categoryFor = (email: string, category: { id: number; name: string }) => {
  const fixture = payloadAt(fixtureById('smartlead.lead-category-updated')!, new Date());
  return {
    ...fixture,
    to_email: email,
    stats_id: `category-${category.id}-${email}`,
    lead_data: { ...(fixture.lead_data as object), email },
    lead_category: { old_id: null, old_name: null, new_id: category.id, new_name: category.name },
  };
};

interface FilterLogPage {
  totalItems: number;
  data: {
    webhook_event: string | null;
    campaign_id: string | null;
    lead_id: string | null;
    smartlead_base_categories: string[];
    category_name: string | null;
    sent_at: string | null;
    dto: { to_email: string | null };
  }[];
}

describe('the category-based filter in the process-event job', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let profileId: number;
  let webhook: { id: number; code: string };

  const contactsWith = async (email: string) =>
    (
      await sandboxState<{ contacts: { properties: Record<string, string | null> }[] }>(
        sandbox,
        'hubspot',
      )
    ).contacts.filter((contact) => contact.properties.email === email);
  const filterRows = (logIds: number[]) =>
    t.app.db
      .selectFrom('category_base_filter_logs')
      .select(['action', 'webhook_log_id', 'category_name', 'sent_at'])
      .where('webhook_log_id', 'in', logIds)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
    profileId = await connectHubSpot(t.app, sandbox.url, 'user');
    webhook = await webhookOn(
      t,
      'user',
      profileId,
      webhookSettings({ smartleadBaseCategories: categories }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('holds a lead’s events until a category event brings an allowed category, then writes them in arrival order', async () => {
    const lead = 'held.lead@filter.example';
    expect(await postEvent(t, webhook.code, smartleadTo('smartlead.email-sent', lead))).toBe(200);
    expect(await postEvent(t, webhook.code, smartleadTo('smartlead.email-reply', lead))).toBe(200);
    expect(await drainEvents(t)).toBe(2);
    const held = (await eventRows(t, webhook.id)).filter((row) => row.email === lead);
    expect(held.map((row) => [row.state, row.errors])).toEqual([
      ['held', [categoryFilterMessages.held(['Interested', 'Meeting Request'])]],
      ['held', [categoryFilterMessages.held(['Interested', 'Meeting Request'])]],
    ]);
    expect(await contactsWith(lead)).toHaveLength(0);

    expect(await postEvent(t, webhook.code, categoryFor(lead, { id: 1, name: 'Interested' }))).toBe(
      200,
    );
    expect(await drainEvents(t)).toBe(3);
    const rows = (await eventRows(t, webhook.id)).filter((row) => row.email === lead);
    expect(rows.map((row) => [row.eventType, row.state, row.errors])).toEqual([
      ['EMAIL_SENT', 'processed', []],
      ['EMAIL_REPLY', 'processed', []],
      ['LEAD_CATEGORY_UPDATED', 'processed', []],
    ]);
    expect(await contactsWith(lead)).toHaveLength(1);
    // the category event ran first, then the released events one by one in arrival order
    const succeeded = await t.app.db
      .selectFrom('webhook_attempts')
      .select('webhook_log_id')
      .where(
        'webhook_log_id',
        'in',
        rows.map((row) => row.id),
      )
      .where('outcome', '=', 'succeeded')
      .orderBy('id')
      .execute();
    expect(succeeded.map((attempt) => attempt.webhook_log_id)).toEqual([
      rows[2]!.id,
      rows[0]!.id,
      rows[1]!.id,
    ]);
    expect(
      (await filterRows(rows.map((row) => row.id))).map((row) => [
        row.action,
        row.webhook_log_id,
        row.category_name,
        row.sent_at !== null,
      ]),
    ).toEqual([
      ['held', rows[0]!.id, null, false],
      ['held', rows[1]!.id, null, false],
      ['allowed', rows[2]!.id, 'Interested', true],
      ['released', rows[0]!.id, 'Interested', true],
      ['released', rows[1]!.id, 'Interested', true],
    ]);

    // the lead now has an allowed category: its next event is written at once
    expect(
      await postEvent(t, webhook.code, {
        ...smartleadTo('smartlead.email-open', lead),
        stats_id: `open-${lead}`,
      }),
    ).toBe(200);
    expect(await drainEvents(t)).toBe(1);
    expect(
      (await eventRows(t, webhook.id)).filter((row) => row.email === lead).at(-1),
    ).toMatchObject({ eventType: 'EMAIL_OPEN', state: 'processed' });

    // the list call shows the rows with the spec's fields
    const page = json<FilterLogPage>(
      await t.app.inject(
        call(
          'GET',
          `/api/admin/category-base-filters?webhookId=${webhook.id}`,
          await signIn(t.app, 'user'),
        ),
      ),
    );
    expect(page.data.filter((log) => log.dto.to_email === lead)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          webhook_event: 'EMAIL_SENT',
          smartlead_base_categories: ['Interested', 'Meeting Request'],
          category_name: null,
          sent_at: null,
        }),
        expect.objectContaining({
          webhook_event: 'EMAIL_SENT',
          category_name: 'Interested',
          sent_at: expect.any(String),
        }),
      ]),
    );
  });

  it('another category does not release: the category event is dropped (not written), held events stay held; after HELD_EVENT_DAYS they expire', async () => {
    const lead = 'not.interested@filter.example';
    expect(await postEvent(t, webhook.code, smartleadTo('smartlead.email-sent', lead))).toBe(200);
    expect(
      await postEvent(t, webhook.code, categoryFor(lead, { id: 7, name: 'Not Interested' })),
    ).toBe(200);
    expect(await drainEvents(t)).toBe(2);
    const rows = (await eventRows(t, webhook.id)).filter((row) => row.email === lead);
    expect(rows.map((row) => row.state)).toEqual(['held', 'processed']);
    const attempt = await t.app.db
      .selectFrom('webhook_attempts')
      .select('answer')
      .where('webhook_log_id', '=', rows[1]!.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(attempt.answer!)).toEqual([
      {
        name: 'category-based filter',
        ok: true,
        skipped: categoryFilterMessages.dropped('Not Interested'),
      },
    ]);
    expect(await contactsWith(lead)).toHaveLength(0);

    // not yet expired
    expect(await expireHeldEvents(t.app.deps)).toBe(0);
    await t.app.db
      .updateTable('webhook_logs')
      .set({ created_at: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() })
      .where('id', '=', rows[0]!.id)
      .execute();
    expect(await expireHeldEvents(t.app.deps)).toBe(1);
    expect((await eventRows(t, webhook.id)).find((row) => row.id === rows[0]!.id)).toMatchObject({
      state: 'expired',
      errors: [categoryFilterMessages.expired(30)],
    });
    expect(
      (await filterRows([rows[0]!.id, rows[1]!.id])).map((row) => [row.action, row.category_name]),
    ).toEqual([
      ['held', null],
      ['dropped', 'Not Interested'],
      ['expired', null],
    ]);
    // an allowed category later finds nothing to release
    expect(
      await postEvent(t, webhook.code, categoryFor(lead, { id: 2, name: 'Meeting Request' })),
    ).toBe(200);
    expect(await drainEvents(t)).toBe(1);
    expect((await eventRows(t, webhook.id)).find((row) => row.id === rows[0]!.id)?.state).toBe(
      'expired',
    );
  });

  it('a webhook without categories (approved events ALL) writes every event at once', async () => {
    const all = await webhookOn(t, 'user', profileId, webhookSettings());
    expect(
      await postEvent(
        t,
        all.code,
        smartleadTo('smartlead.email-sent', 'all.events@filter.example'),
      ),
    ).toBe(200);
    expect(await drainEvents(t)).toBe(1);
    expect((await eventRows(t, all.id))[0]).toMatchObject({ state: 'processed', errors: [] });
    expect(
      await t.app.db
        .selectFrom('category_base_filter_logs')
        .select('id')
        .where('webhook_id', '=', all.id)
        .execute(),
    ).toEqual([]);
  });
});
