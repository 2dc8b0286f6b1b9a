import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useRowActionFinalFocus } from './row-action-focus.js';

export interface EditDialogProps<T extends { id: number | string }> {
  /** The row being edited; the dialog is open while this is set and `open` is true. */
  item: T | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form for the row. It mounts anew for each opening, so it starts from the row. */
  children: (item: T, close: () => void) => ReactNode;
  /** A long form: a larger dialog whose body scrolls. */
  long?: boolean;
}

/** A dialog that edits or shows one row (mounted lazily, unmounted on close). */
export function EditDialog<T extends { id: number | string }>({
  item,
  open,
  onOpenChange,
  children,
  long = false,
}: EditDialogProps<T>) {
  const isOpen = open && item !== null;
  const finalFocus = useRowActionFinalFocus(isOpen);
  return (
    <Dialog.Root
      open={isOpen}
      finalFocusEl={finalFocus}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      size={long ? 'lg' : undefined}
      scrollBehavior={long ? 'inside' : undefined}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content key={item?.id}>
            {item && children(item, () => onOpenChange(false))}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface EditDialogFrameProps {
  title: ReactNode;
  /** Save shows a spinner and waits while this is true. */
  saving: boolean;
  /** Either Save submits the form with this id, or it calls onSave. */
  formId?: string;
  onSave?: () => void;
  /** The save button's text. */
  saveLabel?: string;
  /** Without it there is no save button: the dialog only shows the row (the user may not change it). */
  canSave?: boolean;
  /** A Cancel button beside save; the close X is there either way. */
  withCancel?: boolean;
  /** Without save: why the user may not change it, where the button would be (issue 56). */
  readOnlyReason?: string;
  children: ReactNode;
}

/** The inside of an edit dialog: title, the fields, Cancel and Save, and a close X. */
export function EditDialogFrame({
  title,
  saving,
  formId,
  onSave,
  saveLabel = 'Save',
  canSave = true,
  withCancel = true,
  readOnlyReason,
  children,
}: EditDialogFrameProps) {
  const reason = !canSave && readOnlyReason;
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      {(withCancel || canSave || reason) && (
        <Dialog.Footer>
          {reason && (
            <Text color="fg.muted" fontSize="sm" me="auto">
              {reason}
            </Text>
          )}
          {withCancel && (
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.ActionTrigger>
          )}
          {canSave && (
            <Button
              type={formId ? 'submit' : 'button'}
              form={formId}
              onClick={onSave}
              colorPalette="primary"
              loading={saving}
              loadingText={saveLabel}
              spinnerPlacement="start"
            >
              {saveLabel}
            </Button>
          )}
        </Dialog.Footer>
      )}
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </>
  );
}
