import { useOperationMutation } from 'shared/client';
import { PERSISTENT } from 'shared/rules';
import { useHost, useNotifyFailure } from 'shared/ui';
import { webhookCreatedToast, withCreatedWebhook } from '../webhook-lists';

/**
 * POST /api/admin/webhooks from a create form: the webhook joins the lists ("All webhooks" too for a
 * manager or admin), "Created webhook", then `onCreated` (the form starts again); a failure stays
 * until dismissed (spec §8).
 */
export function useCreateWebhook(onCreated: () => void) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  return useOperationMutation('createWebhook', {
    update: [
      {
        query: 'listWebhooks',
        apply: (lists, created) => withCreatedWebhook(lists, created, host.user.isManagerOrAdmin),
      },
    ],
    onSuccess: () => {
      onCreated();
      host.notify(webhookCreatedToast);
    },
    onError: (error) => notifyFailure(error, { life: PERSISTENT }),
  });
}
