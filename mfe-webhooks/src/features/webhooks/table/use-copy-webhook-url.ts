import { useCallback } from 'react';
import type { Webhook } from 'shared/contract';
import { useHost } from 'shared/ui';
import { webhookUrlCopiedToast } from './rules';

/** spec §2 column 7: copies the URL and says "Copied webhook URL."; a clipboard failure is only logged (spec §8). */
export function useCopyWebhookUrl(): (webhook: Pick<Webhook, 'webhookUrl'>) => Promise<void> {
  const { notify } = useHost();
  return useCallback(
    async ({ webhookUrl }) => {
      try {
        await navigator.clipboard.writeText(webhookUrl);
        notify(webhookUrlCopiedToast);
      } catch (error) {
        console.warn('The webhook URL could not be copied', error);
      }
    },
    [notify],
  );
}
