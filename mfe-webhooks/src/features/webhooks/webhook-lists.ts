import type { Webhook, WebhookPage } from 'shared/contract';
import { successToast, type ToastMessage } from 'shared/rules';

/** spec §8 success toasts of the forms. */
export const webhookCreatedToast: ToastMessage = successToast('Created webhook');
export const webhookUpdatedToast: ToastMessage = successToast('Webhook has been updated');

/** Cache updater, spec §4 "After actions": an updated webhook is replaced where a cached page shows it. */
export const withUpdatedWebhook = (page: WebhookPage, updated: Webhook): WebhookPage => ({
  ...page,
  data: page.data.map((webhook) => (webhook.id === updated.id ? updated : webhook)),
});
