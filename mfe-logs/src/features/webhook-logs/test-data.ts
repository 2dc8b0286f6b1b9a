import type { WebhookLog, WebhookLogDetail, WebhookLogPage } from 'shared/contract';

/** A webhook log row as GET /api/admin/webhook-logs answers it. */
export const webhookLogRow = (id: number, overrides: Partial<WebhookLog> = {}): WebhookLog => ({
  id,
  user: { id: 3, email: 'user@example.com' },
  webhookId: 1,
  webhookUrl: 'http://localhost:8080/webhooks/code-1',
  hubId: '4411',
  eventType: 'EMAIL_SENT',
  smartleadPayload: { path: '/webhooks/code-1', payload: { subject: `Subject ${id}`, to_email: `lead${id}@acme.test`, from_email: 'rep@seller.test', event_type: 'EMAIL_SENT' } },
  webhookLogResults: { errors: [] },
  createdAt: '2024-03-08T10:30:00.000Z',
  state: 'processed',
  duplicates: 0,
  isTest: false,
  ...overrides,
});

/** One page of the list: 20 rows a page, numbered from the page's first row. */
export function webhookLogPage(page: number, totalItems: number): WebhookLogPage {
  const first = (page - 1) * 20 + 1;
  const count = Math.max(0, Math.min(20, totalItems - first + 1));
  return { page, limit: 20, totalItems, data: Array.from({ length: count }, (_, index) => webhookLogRow(first + index)) };
}

export const webhookLogDetail = (id: number, overrides: Partial<WebhookLogDetail> = {}): WebhookLogDetail => ({
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
