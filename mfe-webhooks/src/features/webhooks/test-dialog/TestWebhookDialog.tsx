import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useRowActionFinalFocus } from 'shared/ui';
import type { SendTestWebhookDialogProps } from './SendTestWebhookDialog';
import { TestWebhookForm } from './TestWebhookForm';
import { testDialogTitle } from './title';

/** spec §2 "Send Test Webhook dialog": the Sync test of one webhook (loaded on opening: see SendTestWebhookDialog). */
export function TestWebhookDialog({ webhook, open, onClose }: SendTestWebhookDialogProps) {
  const finalFocus = useRowActionFinalFocus(open);
  return (
    <Dialog.Root
      open={open}
      finalFocusEl={finalFocus}
      onOpenChange={(details) => !details.open && onClose()}
      lazyMount
      unmountOnExit
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{testDialogTitle(webhook.emailService)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <TestWebhookForm webhook={webhook} />
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
