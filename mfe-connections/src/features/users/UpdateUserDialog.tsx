import { useState } from 'react';
import { Checkbox, Stack } from '@chakra-ui/react';
import { userPermissionFlags, type DashboardUser } from 'shared/contract';
import { successToast, userUpdatedMessage } from 'shared/rules';
import { EditDialog, EditDialogFrame, useHost } from 'shared/ui';
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
    <EditDialogFrame title={user.email} saving={update.isPending} onSave={save}>
      <Stack gap="3">
        {userPermissionFlags.map((flag) => (
          <Checkbox.Root key={flag} checked={flags[flag]} onCheckedChange={(details) => setFlags((current) => withFlag(current, flag, details.checked === true))}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{flag}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </EditDialogFrame>
  );
}

/** Admins edit a user's three permission flags here; the title is the user's email. */
export function UpdateUserDialog({ user, open, onOpenChange }: { user: DashboardUser | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <EditDialog item={user} open={open} onOpenChange={onOpenChange}>
      {(item, close) => <UpdateUserForm user={item} onSaved={close} />}
    </EditDialog>
  );
}
