import { useState } from 'react';
import { useOperationMutation } from 'shared/client';
import type { Webhook } from 'shared/contract';
import { useHost, useNotifyFailure } from 'shared/ui';
import { registeredOnPlatformToast } from './rules';

/** "Register on {platform}": the call, its success toast, its failure (the server's message) and which webhook is being registered. */
export function useRegisterOnPlatform(): { register: (webhook: Pick<Webhook, 'id'>) => void; registeringId: number | null } {
  const { notify } = useHost();
  const notifyFailure = useNotifyFailure();
  const [registeringId, setRegisteringId] = useState<number | null>(null);
  const mutation = useOperationMutation('registerWebhookOnPlatform', {
    onSuccess: (registration) => notify(registeredOnPlatformToast(registration)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setRegisteringId(null),
  });
  return {
    register: ({ id }) => {
      if (mutation.isPending) return;
      setRegisteringId(id);
      mutation.mutate({ params: { id } });
    },
    registeringId,
  };
}
