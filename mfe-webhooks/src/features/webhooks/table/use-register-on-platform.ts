import { useOperationMutation } from 'shared/client';
import type { Webhook } from 'shared/contract';
import { useHost, useNotifyFailure } from 'shared/ui';
import { registeredOnPlatformToast } from './rules';

/** "Register on {platform}": the call, its success toast and its failure (the server's message, e.g. no API key). */
export function useRegisterOnPlatform(): (webhook: Pick<Webhook, 'id'>) => void {
  const { notify } = useHost();
  const notifyFailure = useNotifyFailure();
  const { mutate } = useOperationMutation('registerWebhookOnPlatform', {
    onSuccess: (registration) => notify(registeredOnPlatformToast(registration)),
    onError: (error) => notifyFailure(error),
  });
  return ({ id }) => mutate({ params: { id } });
}
