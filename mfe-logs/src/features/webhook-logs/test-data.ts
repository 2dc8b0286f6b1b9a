import type { WebhookLog, WebhookLogDetail, WebhookLogPage } from 'shared/contract';
import { fakeLogPage } from '../../lib/log-list/test-pages';

/** A webhook log row as GET /api/admin/webhook-logs answers it. */
export const webhookLogRow = (id: number, overrides: Partial<WebhookLog> = {}): WebhookLog => ({
  id,
  user: { id: 3, email: 'user@example.com' },
  webhookId: 1,
  webhookUrl: 'http://localhost:8080/webhooks/code-1',
  hubId: '4411',
  eventType: 'EMAIL_SENT',
  smartleadPayload: {
    path: '/webhooks/code-1',
    payload: {
      subject: `Subject ${id}`,
      to_email: `lead${id}@acme.test`,
      from_email: 'rep@seller.test',
      event_type: 'EMAIL_SENT',
    },
  },
  webhookLogResults: { errors: [] },
  createdAt: '2024-03-08T10:30:00.000Z',
  state: 'processed',
  duplicates: 0,
  isTest: false,
  ...overrides,
});

/** The list's answer to a query (see fakeLogPage). */
export const webhookLogPage = (query: URLSearchParams, totalItems: number): WebhookLogPage =>
  fakeLogPage(query, totalItems, (id) => webhookLogRow(id));

export const webhookLogDetail = (
  id: number,
  overrides: Partial<WebhookLogDetail> = {},
): WebhookLogDetail => ({
  ...webhookLogRow(id),
  platform: 'smartlead',
  receivedAt: '2024-03-08T10:30:00.000Z',
  headers: {},
  rawBody: '{"event_type":"EMAIL_SENT","to_email":"lead@acme.test"}',
  event: { eventType: 'EMAIL_SENT' },
  deliveries: [],
  attempts: [],
  ...overrides,
});
