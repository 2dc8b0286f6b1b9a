import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';

export interface EditDialogProps<T extends { id: number }> {
  /** The row being edited; the dialog is open while this is set and `open` is true. */
  item: T | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form for the row. It mounts anew for each opening, so it starts from the row. */
  children: (item: T, close: () => void) => ReactNode;
}

/** A dialog that edits one row (mounted lazily, unmounted on close). */
export function EditDialog<T extends { id: number }>({ item, open, onOpenChange, children }: EditDialogProps<T>) {
  return (
    <Dialog.Root open={open && item !== null} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content key={item?.id}>{item && children(item, () => onOpenChange(false))}</Dialog.Content>
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
  children: ReactNode;
}

/** The inside of an edit dialog: title, the fields, Cancel and Save, and a close X. */
export function EditDialogFrame({ title, saving, formId, onSave, children }: EditDialogFrameProps) {
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button type={formId ? 'submit' : 'button'} form={formId} onClick={onSave} colorPalette="primary" loading={saving} loadingText="Save" spinnerPlacement="start">
          Save
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </>
  );
}
