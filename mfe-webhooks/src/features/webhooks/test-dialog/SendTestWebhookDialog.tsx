import type { Webhook } from 'shared/contract';
import { DialogLoadFailed, lazyWithRetry } from 'shared/ui';

export interface SendTestWebhookDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
}

export const dialogLoadFailed = 'The test dialog could not be loaded';

/**
 * spec §2 "Send Test Webhook dialog". The dialog, its templates and the JSON editor load when it first
 * opens (chunks of their own, off the screen's first load). After a failed load (an Error toast, the
 * dialog closes) Sync test tries again.
 */
export const SendTestWebhookDialog = lazyWithRetry<SendTestWebhookDialogProps>(
  () => import('./TestWebhookDialog').then((module) => module.TestWebhookDialog),
  {
    failed: ({ onClose }) => <DialogLoadFailed text={dialogLoadFailed} onClose={onClose} />,
  },
);
