import { useState } from 'react';
import { Button, Checkbox, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { userPermissionFlags, type DashboardUser } from 'shared/contract';
import { successToast, userUpdatedMessage } from 'shared/rules';
import { useHost } from 'shared/ui';
import { useUpdateUser } from './api/update-user';
import { useNotifyFailure } from '../../lib/errors';
import { permissionFlagsOf, withFlag } from './rules';

/**
 * The dialog's content. It mounts each time the dialog opens (lazy mount, unmount on exit), so the
 * checkboxes start from the row and keep the admin's choices while the dialog stays open.
 */
function UpdateUserForm({ user, onSaved }: { user: DashboardUser; onSaved: () => void }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const [flags, setFlags] = useState(() => permissionFlagsOf(user));
  const update = useUpdateUser({
    mutationConfig: {
      onSuccess: (updated) => host.notify(successToast(userUpdatedMessage(updated.email))),
      onError: (error) => notifyFailure(error),
    },
  });
  // Closing goes with this mutate call: it only happens while this dialog is still the open one.
  const save = () => update.mutate({ id: user.id, data: flags }, { onSuccess: onSaved });

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{user.email}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          {userPermissionFlags.map((flag) => (
            <Checkbox.Root key={flag} checked={flags[flag]} onCheckedChange={(details) => setFlags((current) => withFlag(current, flag, details.checked === true))}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{flag}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button colorPalette="primary" onClick={save} loading={update.isPending} loadingText="Save" spinnerPlacement="start">
          Save
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </>
  );
}

/** Admins edit a user's three permission flags here; the title is the user's email. */
export function UpdateUserDialog({ user, open, onOpenChange }: { user: DashboardUser | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open && user !== null} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{user && <UpdateUserForm key={user.id} user={user} onSaved={() => onOpenChange(false)} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
