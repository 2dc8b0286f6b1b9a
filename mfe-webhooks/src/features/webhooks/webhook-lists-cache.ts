import type { CurrentUser, Webhook, WebhookLists } from 'shared/contract';

/**
 * Cache updater after a create: the new webhook joins "Existing webhooks" and, for managers and
 * admins (whose "All webhooks" holds everyone's), "All webhooks" too; the api lists by id, so at the end.
 */
export const withCreatedWebhook = (lists: WebhookLists, created: Webhook, user: Pick<CurrentUser, 'isManagerOrAdmin'>): WebhookLists => ({
  webhooks: [...lists.webhooks, created],
  allWebhooks: user.isManagerOrAdmin ? [...lists.allWebhooks, created] : lists.allWebhooks,
});

/** Cache updater, spec §4 "After actions": an updated webhook replaces its item in both lists. */
export const withUpdatedWebhook = (lists: WebhookLists, updated: Webhook): WebhookLists => {
  const replace = (webhook: Webhook) => (webhook.id === updated.id ? updated : webhook);
  return { webhooks: lists.webhooks.map(replace), allWebhooks: lists.allWebhooks.map(replace) };
};
