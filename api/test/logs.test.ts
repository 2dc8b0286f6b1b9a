import {
  allEventTypes,
  categoryBaseFilterPage,
  logCount,
  logEventTypes,
  webhook,
  webhookLogPage,
} from 'shared/contract';
import { insertCategoryBaseFilterLog } from '../src/repositories/category-base-filter-logs.js';
import { heldByFilter, logPost, processed, refusedBy } from './helpers/logged-posts.js';
import { insertProfile, joinOrganizationOf, userIdOf } from './helpers/rows.js';
import {
  call,
  createTestApp,
  json,
  signIn,
  type SeededAccount,
  type TestApp,
} from './helpers/test-app.js';

const accounts = ['admin', 'manager', 'user'] as const;

describe('logs api', () => {
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;
  const hooks = {} as Record<
    'user' | 'admin',
    { id: number; code: string; url: string; hubId: string }
  >;

  const get = async (url: string, account?: SeededAccount) => {
    const response = await t.app.inject(call('GET', url, account && cookies[account]));
    return { status: response.statusCode, body: json<unknown>(response) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Role rules within one organization: the seeded user joins the admin's (organizations apart: permission-matrix.test.ts).
    await joinOrganizationOf(t.app, 'user', 'admin');
    for (const account of accounts) cookies[account] = await signIn(t.app, account);
    for (const account of ['user', 'admin'] as const) {
      const profile = await insertProfile(t.app, account, 'HUBSPOT');
      const generated = await t.app.inject(
        call('POST', '/api/admin/webhooks/generate', cookies[account]),
      );
      const created = await t.app.inject(
        call('POST', '/api/admin/webhooks', cookies[account], {
          userProfileId: profile,
          code: generated.body,
          selectedOwner: { id: '1', firstName: 'O', lastName: 'W', email: 'o@example.com' },
          // the admin's webhook takes HeyReach's events: social event types in the logs
          ...(account === 'admin'
            ? { emailService: 'heyreach', objectDefaultSearchProperty: 'hs_linkedin_url' }
            : { emailService: 'smartlead' }),
          objectLookupMethod: 'default',
        }),
      );
      const made = webhook.parse(json(created));
      hooks[account] = {
        id: made.id,
        code: generated.body,
        url: made.webhookUrl,
        hubId: made.hubId,
      };
    }
    const base = Date.parse('2026-02-01T00:00:00Z');
    const userId = await userIdOf(t.app, 'user');
    const adminId = await userIdOf(t.app, 'admin');
    for (let i = 0; i < 25; i += 1) {
      const eventType = i < 15 ? 'EMAIL_SENT' : 'EMAIL_REPLY';
      await logPost(t, {
        code: hooks.user.code,
        body: {
          event_type: eventType,
          stats_id: `stats-${i}`,
          subject: `Subject ${i}`,
          to_email: i === 3 ? '  Lead.Three@Example.com ' : `lead${i}@example.com`,
          from_email: 'me@acme.example',
          secret_key: 'smartlead-webhook-secret',
          sequence_number: 2,
        },
        receivedAt: new Date(base + i * 60_000).toISOString(),
        steps:
          i === 24
            ? refusedBy('HubSpot contact', 'HubSpot refused the contact')
            : i === 5 || i === 6
              ? heldByFilter('Held: the lead has no allowed category yet')
              : processed,
      });
    }
    for (let i = 0; i < 5; i += 1) {
      await logPost(t, {
        code: hooks.admin.code,
        body: {
          event_type: i === 0 ? 'campaign_completed' : 'message_sent',
          correlation_id: `admin-${i}`,
          lead: { email_address: 'lead.three@example.com' },
        },
        receivedAt: new Date(base + (100 + i) * 60_000).toISOString(),
        steps: processed,
      });
    }
    for (let i = 0; i < 22; i += 1) {
      await insertCategoryBaseFilterLog(t.app.db, {
        userId,
        webhookId: hooks.user.id,
        webhookUrl: hooks.user.url,
        webhookEvent: i % 2 === 0 ? 'EMAIL_SENT' : 'EMAIL_OPEN',
        campaignId: i < 11 ? '501' : '502',
        leadId: `lead-${i}`,
        smartleadBaseCategories: ['Interested', 'Meeting Booked'],
        categoryName: i === 0 ? 'Interested' : null,
        dto: {
          subject: `Hi ${i}`,
          to_email: `lead${i}@example.com`,
          from_email: 'me@acme.example',
          event_type: 'EMAIL_SENT',
          secret_key: 'nope',
        },
        createdAt: new Date(base + i * 60_000).toISOString(),
        sentAt: i === 0 ? new Date(base + 3_600_000).toISOString() : null,
      });
    }
    for (let i = 0; i < 3; i += 1) {
      await insertCategoryBaseFilterLog(t.app.db, {
        userId: adminId,
        webhookId: hooks.admin.id,
        webhookUrl: hooks.admin.url,
        webhookEvent: 'lead_interested',
        campaignId: '900',
        leadId: `admin-${i}`,
        createdAt: new Date().toISOString(),
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  describe('without a session', () => {
    it.each([
      '/api/admin/webhook-logs',
      '/api/admin/webhook-logs/count',
      '/api/admin/webhook-logs/types',
      '/api/admin/category-base-filters',
      '/api/admin/category-base-filters/types',
    ])('GET %s answers 401', async (url) => {
      const { status, body } = await get(url);
      expect(status).toBe(401);
      expect(body).toEqual({ message: 'Sign in to continue' });
    });
  });

  describe('GET /api/admin/webhook-logs', () => {
    const page = async (account: SeededAccount, query = '') => {
      const { status, body } = await get(`/api/admin/webhook-logs${query}`, account);
      expect(status).toBe(200);
      return webhookLogPage.parse(body);
    };

    it('pages a regular user’s own logs, 20 at a time, newest first, in the spec §3 shape', async () => {
      const first = await page('user');
      expect(first).toMatchObject({ page: 1, limit: 20, totalItems: 25 });
      expect(first.data).toHaveLength(20);
      expect(first.data[0]).toEqual({
        id: expect.any(Number),
        user: { id: await userIdOf(t.app, 'user'), email: 'user@example.com' },
        webhookId: hooks.user.id,
        webhookUrl: hooks.user.url,
        hubId: hooks.user.hubId,
        eventType: 'EMAIL_REPLY',
        smartleadPayload: {
          path: expect.stringMatching(/^\/webhooks\//),
          payload: {
            subject: 'Subject 24',
            to_email: 'lead24@example.com',
            from_email: 'me@acme.example',
            event_type: 'EMAIL_REPLY',
          },
        },
        webhookLogResults: { errors: ['HubSpot contact: HubSpot refused the contact'] },
        createdAt: '2026-02-01T00:24:00.000Z',
        state: 'failed',
        duplicates: 0,
        isTest: false,
      });
      expect(JSON.stringify(first)).not.toContain('smartlead-webhook-secret');
      const second = await page('user', '?page=2');
      expect(second.data.map((row) => row.smartleadPayload.payload.subject)).toEqual([
        'Subject 4',
        'Subject 3',
        'Subject 2',
        'Subject 1',
        'Subject 0',
      ]);
      expect((await page('user', '?page=3')).data).toEqual([]);
    });

    it('filters by email (lowercased and trimmed) and event type (ANY = every type)', async () => {
      const byEmail = await page(
        'user',
        `?email=${encodeURIComponent(' LEAD.three@example.COM  ')}`,
      );
      expect(byEmail.totalItems).toBe(1);
      expect(byEmail.data[0]?.smartleadPayload.payload.subject).toBe('Subject 3');
      expect((await page('user', '?eventType=EMAIL_REPLY')).totalItems).toBe(10);
      expect((await page('user', '?eventType=ANY')).totalItems).toBe(25);
      expect(
        (await page('user', '?eventType=EMAIL_SENT&email=lead20@example.com')).totalItems,
      ).toBe(0);
      expect((await page('user', '?eventType=&email=')).totalItems).toBe(25);
    });

    it('filters by state for everyone: held lists the events the category-based filter holds', async () => {
      const held = await page('user', '?state=held');
      expect(held.totalItems).toBe(2);
      expect(held.data.map((row) => [row.smartleadPayload.payload.subject, row.state])).toEqual([
        ['Subject 6', 'held'],
        ['Subject 5', 'held'],
      ]);
      expect((await page('user', '?state=processed')).totalItems).toBe(22);
      expect((await page('user', '?state=failed')).data.map((row) => row.state)).toEqual([
        'failed',
      ]);
      expect((await page('user', '?state=')).totalItems).toBe(25);
      expect((await page('admin', '?state=held&eventType=EMAIL_SENT')).totalItems).toBe(2);
      expect((await get('/api/admin/webhook-logs/count?state=held', 'manager')).body).toEqual({
        totalItems: 2,
      });
      const unknown = await get('/api/admin/webhook-logs?state=on-hold', 'user');
      expect(unknown.status).toBe(400);
      expect((unknown.body as { message: string }).message).toMatch(/state/);
    });

    it.each([
      ['userEmail', 'admin@example.com'],
      ['webhookUrl', 'http://localhost:8080/webhooks/x'],
      ['hubId', '123'],
    ])('refuses the manager-only filter %s to a regular user (403)', async (name, value) => {
      const { status, body } = await get(
        `/api/admin/webhook-logs?${name}=${encodeURIComponent(value)}`,
        'user',
      );
      expect(status).toBe(403);
      expect(body).toEqual({
        message: `Only managers and admins can filter webhook logs by user, URL or hub ID (${name})`,
      });
      expect(
        (await get(`/api/admin/webhook-logs/count?${name}=${encodeURIComponent(value)}`, 'user'))
          .status,
      ).toBe(403);
    });

    it('lets a regular user filter by webhook ID within their own logs (a webhook row links there)', async () => {
      expect((await page('user', `?webhookId=${hooks.user.id}`)).totalItems).toBe(25);
      expect((await page('user', `?webhookId=${hooks.admin.id}`)).totalItems).toBe(0);
      expect(
        (await get(`/api/admin/webhook-logs/count?webhookId=${hooks.user.id}`, 'user')).body,
      ).toEqual({ totalItems: 25 });
    });

    it('shows managers and admins everyone’s logs, with the user, webhook ID, URL and hub ID filters', async () => {
      for (const account of ['manager', 'admin'] as const)
        expect((await page(account)).totalItems).toBe(30);
      expect((await page('manager', '?userEmail=ADMIN@example.com')).totalItems).toBe(5);
      expect((await page('manager', `?webhookId=${hooks.user.id}`)).totalItems).toBe(25);
      expect(
        (await page('manager', `?webhookUrl=${encodeURIComponent(`${hooks.admin.url}/`)}`))
          .totalItems,
      ).toBe(5);
      expect((await page('admin', `?hubId=${hooks.admin.hubId}`)).totalItems).toBe(5);
      expect((await page('admin', '?email=lead.three@example.com')).totalItems).toBe(6);
      expect(
        (
          await page(
            'admin',
            `?email=lead.three@example.com&userEmail=user@example.com&hubId=${hooks.user.hubId}`,
          )
        ).totalItems,
      ).toBe(1);
    });

    it('answers 400 for a bad page or webhook id', async () => {
      for (const query of [
        '?page=0',
        '?page=x',
        '?page=2.5',
        '?webhookId=abc',
        '?webhookId=-3',
        '?page=1&page=2',
      ]) {
        const { status, body } = await get(`/api/admin/webhook-logs${query}`, 'admin');
        expect(status).toBe(400);
        expect((body as { message: string }).message).toMatch(/page|webhookId/);
      }
    });
  });

  describe('GET /api/admin/webhook-logs/count and /types', () => {
    it('counts with the same filters', async () => {
      expect(logCount.parse((await get('/api/admin/webhook-logs/count', 'user')).body)).toEqual({
        totalItems: 25,
      });
      expect(
        logCount.parse(
          (await get('/api/admin/webhook-logs/count?eventType=EMAIL_SENT', 'user')).body,
        ),
      ).toEqual({ totalItems: 15 });
      expect(
        logCount.parse(
          (
            await get(
              '/api/admin/webhook-logs/count?userEmail=admin@example.com&eventType=MESSAGE_SENT',
              'manager',
            )
          ).body,
        ),
      ).toEqual({ totalItems: 4 });
    });

    it('lists the spec §9 event types, then other types found in the logs the caller may see', async () => {
      const forUser = logEventTypes.parse(
        (await get('/api/admin/webhook-logs/types', 'user')).body,
      );
      expect(forUser).toEqual([...allEventTypes]);
      expect(forUser).toHaveLength(14);
      const forAdmin = logEventTypes.parse(
        (await get('/api/admin/webhook-logs/types', 'admin')).body,
      );
      expect(forAdmin).toEqual([...allEventTypes, 'campaign_completed']);
    });
  });

  describe('GET /api/admin/category-base-filters', () => {
    const page = async (account: SeededAccount, query = '') => {
      const { status, body } = await get(`/api/admin/category-base-filters${query}`, account);
      expect(status).toBe(200);
      return categoryBaseFilterPage.parse(body);
    };

    it('pages a regular user’s own rows in the spec’s snake_case shape', async () => {
      const first = await page('user');
      expect(first).toMatchObject({ page: 1, limit: 20, totalItems: 22 });
      expect(first.data).toHaveLength(20);
      const oldest = (await page('user', '?page=2')).data.at(-1);
      expect(oldest).toEqual({
        id: expect.any(Number),
        webhook_id: hooks.user.id,
        webhook_url: hooks.user.url,
        webhook_event: 'EMAIL_SENT',
        campaign_id: '501',
        lead_id: 'lead-0',
        smartlead_base_categories: ['Interested', 'Meeting Booked'],
        category_name: 'Interested',
        dto: {
          subject: 'Hi 0',
          to_email: 'lead0@example.com',
          from_email: 'me@acme.example',
          event_type: 'EMAIL_SENT',
        },
        created_at: '2026-02-01T00:00:00.000Z',
        sent_at: '2026-02-01T01:00:00.000Z',
      });
      expect(JSON.stringify(first)).not.toContain('nope');
    });

    it('filters by event type, webhook, campaign, lead and URL', async () => {
      expect((await page('user', '?eventType=EMAIL_OPEN')).totalItems).toBe(11);
      expect((await page('user', '?eventType=ANY')).totalItems).toBe(22);
      expect((await page('user', `?webhookId=${hooks.user.id}`)).totalItems).toBe(22);
      expect((await page('user', '?campaignId=502')).totalItems).toBe(11);
      expect((await page('user', '?leadId=lead-5&campaignId=501')).totalItems).toBe(1);
      expect(
        (await page('user', `?webhookUrl=${encodeURIComponent(hooks.user.url)}`)).totalItems,
      ).toBe(22);
    });

    it('never shows a regular user someone else’s rows; managers and admins see everyone’s', async () => {
      expect((await page('user', `?webhookId=${hooks.admin.id}`)).totalItems).toBe(0);
      expect((await page('user', '?campaignId=900')).totalItems).toBe(0);
      expect((await page('manager')).totalItems).toBe(25);
      expect((await page('admin', '?campaignId=900')).totalItems).toBe(3);
    });

    it('lists the event types (the admin also sees the types only their rows have)', async () => {
      expect(
        logEventTypes.parse((await get('/api/admin/category-base-filters/types', 'user')).body),
      ).toEqual([...allEventTypes]);
      expect(
        logEventTypes.parse((await get('/api/admin/category-base-filters/types', 'admin')).body),
      ).toEqual([...allEventTypes, 'lead_interested']);
    });

    it('answers 400 for a bad page or webhook id', async () => {
      expect((await get('/api/admin/category-base-filters?page=0', 'user')).status).toBe(400);
      expect((await get('/api/admin/category-base-filters?webhookId=x', 'user')).status).toBe(400);
    });
  });
});
