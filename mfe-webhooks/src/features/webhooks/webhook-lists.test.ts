import { webhookRow } from './table/test-data';
import { webhookCreatedToast, webhookUpdatedToast, withUpdatedWebhook } from './webhook-lists';

describe('the webhook pages after an update (spec §4 "After actions")', () => {
  const one = webhookRow(1);
  const two = webhookRow(2);
  it('an updated webhook is replaced where a cached page shows it', () => {
    const updated = webhookRow(1, { createOrUpdateTask: true });
    const page = { page: 1, limit: 10, totalItems: 2, data: [two, one] };
    expect(withUpdatedWebhook(page, updated)).toEqual({ ...page, data: [two, updated] });
  });
  it('says "Created webhook" and "Webhook has been updated"', () => {
    expect(webhookCreatedToast).toEqual({
      severity: 'success',
      summary: 'Success',
      detail: 'Created webhook',
      life: 3000,
    });
    expect(webhookUpdatedToast.detail).toBe('Webhook has been updated');
  });
});
