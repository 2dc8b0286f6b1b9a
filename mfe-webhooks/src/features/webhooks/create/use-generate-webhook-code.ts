import { useRef } from 'react';
import { useOperationMutation } from 'shared/client';
import { useHost, useNotifyFailure } from 'shared/ui';
import { webhookUrlOf } from 'shared/rules/webhooks';

/**
 * spec §4: a new code (POST /api/admin/webhooks/generate) for each owner or platform picked, handed
 * over with the URL it gives, {server}/webhooks/{code}, where {server} is the api's origin (the page's
 * own when the api serves it). Only the newest request's code is handed over; `pending` while one runs.
 */
export function useGenerateWebhookCode(onCode: (code: string, webhookUrl: string) => void) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const latest = useRef(0);
  const generate = useOperationMutation('generateWebhookCode');
  const server = host.apiBaseUrl || window.location.origin;
  const run = () => {
    latest.current += 1;
    const request = latest.current;
    generate.mutate(undefined, {
      onSuccess: (code) => {
        if (request === latest.current) onCode(code, webhookUrlOf(server, code));
      },
      onError: (error) => notifyFailure(error),
    });
  };
  return { generate: run, pending: generate.isPending };
}
