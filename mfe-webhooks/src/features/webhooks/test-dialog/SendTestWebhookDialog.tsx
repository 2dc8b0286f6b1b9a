import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import type { Webhook } from 'shared/contract';
import { errorToast } from 'shared/rules';
import { useHost } from 'shared/ui';

export interface SendTestWebhookDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
}

export const dialogLoadFailed = 'The test dialog could not be loaded';

/** What opens instead of the dialog when its chunk could not be loaded: an Error toast, and closed. */
function LoadFailed({ onClose }: Pick<SendTestWebhookDialogProps, 'onClose'>) {
  const { notify } = useHost();
  useEffect(() => {
    notify(errorToast(dialogLoadFailed));
    onClose();
  }, [notify, onClose]);
  return null;
}

const loadDialog = (): Promise<{ default: ComponentType<SendTestWebhookDialogProps> }> =>
  import('./TestWebhookDialog').then(
    (module) => ({ default: module.TestWebhookDialog }),
    () => ({ default: LoadFailed }),
  );

/**
 * spec §2 "Send Test Webhook dialog". The dialog, its templates and the JSON editor load when it first
 * opens (chunks of their own, off the screen's first load). React.lazy keeps a failed import failed, so
 * each opening makes its own lazy: after a failure (an Error toast, the dialog closes) Sync test tries again.
 */
export function SendTestWebhookDialog(props: SendTestWebhookDialogProps) {
  const Dialog = useMemo(() => lazy(loadDialog), []);
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
