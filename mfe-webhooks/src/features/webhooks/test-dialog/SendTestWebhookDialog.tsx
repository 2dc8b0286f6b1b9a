import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { Webhook } from 'shared/contract';
import { testDialogTitle } from './title';
import { RetryableLazy } from './RetryableLazy';
import type { TestWebhookFormProps } from './TestWebhookForm';

export interface SendTestWebhookDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
}

// the form, its templates and the JSON editor load when the dialog first opens, in chunks of their own
const loadForm = () => import('./TestWebhookForm').then((module) => ({ default: module.TestWebhookForm }));

/** spec §2 "Send Test Webhook dialog": the Sync test of one webhook. */
export function SendTestWebhookDialog({ webhook, open, onClose }: SendTestWebhookDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{testDialogTitle(webhook.emailService)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <RetryableLazy<TestWebhookFormProps> load={loadForm} props={{ webhook }} loading="Loading the test form…" failed="The test form could not be loaded" />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
