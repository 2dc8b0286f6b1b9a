import { useOperationMutation } from 'shared/client';
import { useHost, useNotifyFailure } from 'shared/ui';
import { webhookUpdatedToast, withUpdatedWebhook } from '../webhook-lists';

/**
 * PUT /api/admin/webhooks/{id} from an update dialog: the webhook is replaced in the pages shown and
 * "Webhook has been updated" shows; a failure is an Error toast with the server's message for 3 s
 * (spec §8). The dialog closes through `mutate`'s own onSuccess, so only while it is still open.
 */
export function useUpdateWebhook() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  return useOperationMutation('updateWebhook', {
    update: [{ query: 'listWebhookPage', apply: withUpdatedWebhook }],
    onSuccess: () => host.notify(webhookUpdatedToast),
    onError: (error) => notifyFailure(error),
  });
}
