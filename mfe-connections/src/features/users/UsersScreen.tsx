import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { useOperationQuery } from 'shared/client';
import type { DashboardUser } from 'shared/contract';
import { EmptyMessage, QueryView, ScreenHeading, useHost } from 'shared/ui';
import { usersForManagersTexts } from './rules';
import { UpdateUserDialog } from './UpdateUserDialog';
import { UsersTable } from './UsersTable';

/** /admin/dashboard/users: every user for managers and admins; admins also change permission flags. */
export function UsersScreen() {
  const { user } = useHost();
  // A regular user reaching the address is told what the page is; the api would refuse the list.
  const users = useOperationQuery('listUsers', undefined, { enabled: user.isManagerOrAdmin });
  const [editing, setEditing] = useState<DashboardUser | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openDialog = (row: DashboardUser) => {
    setEditing(row);
    setDialogOpen(true);
  };

  return (
    <Stack gap="4">
      <ScreenHeading title="Users" />
      {user.isManagerOrAdmin ? (
        <QueryView
          query={users}
          loading="Loading users…"
          failed="The users could not be loaded"
          empty={<EmptyMessage title="No users yet" />}
        >
          {(rows) => <UsersTable users={rows} onUpdate={user.isAdmin ? openDialog : undefined} />}
        </QueryView>
      ) : (
        <EmptyMessage title={usersForManagersTexts.title}>
          {usersForManagersTexts.detail}
        </EmptyMessage>
      )}
      {user.isAdmin && (
        <UpdateUserDialog user={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
      )}
    </Stack>
  );
}
