import type { ReactNode } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useRowActionFinalFocus } from './row-action-focus.js';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. "Do you want to delete {name}?" (spec §8 "Delete confirmations"). */
  question: string;
  /** What remains to be cleaned in the platform or CRM afterwards. */
  warning?: ReactNode;
  onConfirm: () => void;
  /** While the confirmed action runs: Yes shows a spinner and both buttons wait. */
  pending?: boolean;
  title?: string;
}

/**
 * A yes/no confirmation (spec §8): the question, a warning, and No / Yes. No and Escape close it;
 * Yes calls `onConfirm`, and the caller closes it when the action is done.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  question,
  warning,
  onConfirm,
  pending = false,
  title = 'Confirmation',
}: ConfirmDialogProps) {
  const finalFocus = useRowActionFinalFocus(open);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      finalFocusEl={finalFocus}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text fontWeight="medium">{question}</Text>
              {warning && (
                <Text mt="2" color="fg.muted" fontSize="sm">
                  {warning}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={pending}>
                  No
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                onClick={onConfirm}
                loading={pending}
                loadingText="Yes"
                spinnerPlacement="start"
              >
                Yes
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
