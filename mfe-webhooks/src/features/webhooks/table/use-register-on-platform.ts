import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useOperationMutation } from 'shared/client';
import type { Webhook } from 'shared/contract';
import { useHost, useNotifyFailure } from 'shared/ui';
import { registeredOnPlatformToast } from './rules';

/**
 * "Register on {platform}": the call (`again` for a webhook registered already), its success toast, the
 * webhooks read again (the row shows the registration; after a refusal too, which may say it is
 * registered already), and its failure (the server's message, e.g. no API key). `onSettled` runs when
 * the call is done, either way.
 */
export function useRegisterOnPlatform({ onSettled }: { onSettled?: () => void } = {}) {
  const { notify } = useHost();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const { mutate, isPending } = useOperationMutation('registerWebhookOnPlatform', {
    invalidates: ['listWebhookPage'],
    onSuccess: (registration) => notify(registeredOnPlatformToast(registration)),
    onError: (error) => {
      notifyFailure(error);
      void queryClient.invalidateQueries({ queryKey: queryKeys.all('listWebhookPage') });
    },
    ...(onSettled ? { onSettled } : {}),
  });
  const register = ({ id }: Pick<Webhook, 'id'>, { again = false }: { again?: boolean } = {}) =>
    mutate({ params: { id }, body: { again } });
  return { register, isPending };
}
