import { Checkbox, Code, Stack } from '@chakra-ui/react';
import { useOperationMutation } from 'shared/client';
import { userPermissionFlags, type DashboardUser } from 'shared/contract';
import {
  permissionLabels,
  successToast,
  userPermissionsForm,
  userPermissionsOf,
  userUpdatedMessage,
} from 'shared/rules';
import { EditDialog, EditDialogFrame, useForm, useHost, useNotifyFailure } from 'shared/ui';
import { replaceUser } from './rules';

/**
 * The dialog's content. It mounts each time the dialog opens (lazy mount, unmount on exit), so the
 * checkboxes start from the row and keep the admin's choices while the dialog stays open.
 */
function UpdateUserForm({ user, onSaved }: { user: DashboardUser; onSaved: () => void }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const { state, dispatch, check } = useForm(userPermissionsForm, userPermissionsOf(user));
  const update = useOperationMutation('updateUser', {
    update: [{ query: 'listUsers', apply: replaceUser }],
    onSuccess: (updated) => host.notify(successToast(userUpdatedMessage(updated.email))),
    onError: (error) => notifyFailure(error),
  });
  const save = () => {
    const body = check();
    // Closing goes with this mutate call: it only happens while this dialog is still the open one.
    if (body) update.mutate({ params: { id: user.id }, body }, { onSuccess: onSaved });
  };

  return (
    <EditDialogFrame title={user.email} saving={update.isPending} onSave={save}>
      <Stack gap="3">
        {userPermissionFlags.map((flag) => (
          <Checkbox.Root
            key={flag}
            name={flag}
            checked={state[flag]}
            onCheckedChange={(details) =>
              dispatch({ field: flag, value: details.checked === true })
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {permissionLabels[flag]}{' '}
              <Code size="sm" variant="plain" color="fg.muted">
                {flag}
              </Code>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </EditDialogFrame>
  );
}

/** Admins edit a user's three permission flags here; the title is the user's email. */
export function UpdateUserDialog({
  user,
  open,
  onOpenChange,
}: {
  user: DashboardUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditDialog item={user} open={open} onOpenChange={onOpenChange}>
      {(item, close) => <UpdateUserForm user={item} onSaved={close} />}
    </EditDialog>
  );
}
