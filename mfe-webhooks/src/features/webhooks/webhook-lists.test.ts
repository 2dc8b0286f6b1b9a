import { webhookRow } from './table/test-data';
import {
  othersWebhooks,
  webhookCreatedToast,
  webhookUpdatedToast,
  withCreatedWebhook,
  withUpdatedWebhook,
} from './webhook-lists';

describe('the webhook lists after a create or an update (spec §4 "After actions")', () => {
  const one = webhookRow(1);
  const two = webhookRow(2);
  it('a created webhook joins the own list, and "All webhooks" for managers and admins', () => {
    const created = webhookRow(3);
    expect(withCreatedWebhook({ webhooks: [one], allWebhooks: [] }, created, false)).toEqual({
      webhooks: [one, created],
      allWebhooks: [],
    });
    expect(withCreatedWebhook({ webhooks: [one], allWebhooks: [one, two] }, created, true)).toEqual(
      { webhooks: [one, created], allWebhooks: [one, two, created] },
    );
  });
  it('an updated webhook is replaced in both lists', () => {
    const updated = webhookRow(1, { createOrUpdateTask: true });
    expect(withUpdatedWebhook({ webhooks: [one], allWebhooks: [two, one] }, updated)).toEqual({
      webhooks: [updated],
      allWebhooks: [two, updated],
    });
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

  it('"All webhooks" shows the other people\'s webhooks only (issue 56)', () => {
    const lists = { webhooks: [webhookRow(1)], allWebhooks: [webhookRow(1), webhookRow(2)] };
    expect(othersWebhooks(lists).map((webhook) => webhook.id)).toEqual([2]);
  });
});
