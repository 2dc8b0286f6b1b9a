import { useOperationMutation } from 'shared/client';
import { PERSISTENT } from 'shared/rules';
import { useHost, useNotifyFailure } from 'shared/ui';
import { webhookCreatedToast } from '../webhook-lists';

/**
 * POST /api/admin/webhooks from a create form: the webhooks tables are read again, "Created webhook", then `onCreated` (the form starts again); a failure stays
 * until dismissed (spec §8).
 */
export function useCreateWebhook(onCreated: () => void) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  return useOperationMutation('createWebhook', {
    // where the new webhook shows depends on each table's search, sort and page: they are read again
    invalidates: ['listWebhookPage'],
    onSuccess: () => {
      onCreated();
      host.notify(webhookCreatedToast);
    },
    onError: (error) => notifyFailure(error, { life: PERSISTENT }),
  });
}
