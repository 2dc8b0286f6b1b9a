import type { Webhook, WebhookLists } from 'shared/contract';
import { successToast, type ToastMessage } from 'shared/rules';

/** spec §8 success toasts of the forms. */
export const webhookCreatedToast: ToastMessage = successToast('Created webhook');
export const webhookUpdatedToast: ToastMessage = successToast('Webhook has been updated');

/**
 * Cache updater after a create: the new webhook is the user's own; managers and admins also see it
 * in "All webhooks", which lists the organization's (their own among them).
 */
export const withCreatedWebhook = (
  lists: WebhookLists,
  created: Webhook,
  isManagerOrAdmin: boolean,
): WebhookLists => ({
  webhooks: [...lists.webhooks, created],
  allWebhooks: isManagerOrAdmin ? [...lists.allWebhooks, created] : lists.allWebhooks,
});

/** Cache updater, spec §4 "After actions": an updated webhook is replaced in both lists. */
export const withUpdatedWebhook = (lists: WebhookLists, updated: Webhook): WebhookLists => {
  const replace = (webhooks: Webhook[]) =>
    webhooks.map((webhook) => (webhook.id === updated.id ? updated : webhook));
  return { webhooks: replace(lists.webhooks), allWebhooks: replace(lists.allWebhooks) };
};

/**
 * "All webhooks" as the screen shows it: the other people's webhooks only. The list the api answers holds
 * the organization's, the user's own among them, which "Existing webhooks" shows already (issue 56).
 */
export const othersWebhooks = (lists: WebhookLists): Webhook[] => {
  const own = new Set(lists.webhooks.map((webhook) => webhook.id));
  return lists.allWebhooks.filter((webhook) => !own.has(webhook.id));
};
