import type { Page } from 'playwright-core';
import type { WebhookLog } from 'shared/contract';

/** A processed webhook log row, or a failed one with an error (a row a line taller), for serveWebhookLogs. */
export const webhookLogRow = (id: number, failed: boolean): WebhookLog => ({
  id,
  user: { id: 1, email: 'admin@example.com' },
  webhookId: 1,
  webhookUrl: 'http://localhost:8080/webhooks/history-rows',
  hubId: '4411',
  eventType: 'EMAIL_REPLY',
  smartleadPayload: {
    path: '/webhooks/history-rows',
    payload: {
      subject: `Subject ${id}`,
      to_email: `lead${id}@northwind.example`,
      from_email: 'rep@seller.example',
      event_type: 'EMAIL_REPLY',
    },
  },
  webhookLogResults: { errors: failed ? ['HubSpot refused the contact'] : [] },
  createdAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
  state: failed ? 'failed' : 'processed',
  duplicates: 0,
  isTest: false,
});

/** Answers History's webhook log list with `rows` as one page (thousands are there without scroll loads), and its poll for newer rows with none. */
export async function serveWebhookLogs(page: Page, rows: readonly WebhookLog[]): Promise<void> {
  await page.route(/\/api\/admin\/webhook-logs(\?|$)/, (route) => {
    const newer = new URL(route.request().url()).searchParams.has('after');
    return route.fulfill({
      json: {
        page: 1,
        limit: 20,
        totalItems: rows.length,
        nextCursor: null,
        data: newer ? [] : [...rows],
      },
    });
  });
}
