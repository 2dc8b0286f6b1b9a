import { useState } from 'react';
import { Alert, Button, Center, EmptyState, Spinner, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';
import type { DashboardUser } from 'shared/contract';
import { ScreenHeading, useHost } from 'shared/ui';
import { useUsers } from './api/get-users';
import { UpdateUserDialog } from './UpdateUserDialog';
import { UsersTable } from './UsersTable';

function UsersLoading() {
  return (
    <Center py="12" role="status" aria-busy="true">
      <Stack align="center" gap="3">
        <Spinner size="lg" />
        <Text color="fg.muted">Loading users…</Text>
      </Stack>
    </Center>
  );
}

/** A failed load degrades this screen only: the server's message and a Retry. */
function UsersError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The users could not be loaded</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
        <Button mt="3" size="sm" onClick={onRetry} alignSelf="flex-start">
          Retry
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

function UsersEmpty() {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Title>No users yet</EmptyState.Title>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** /admin/dashboard/users: every user for managers and admins; admins also change permission flags. */
export function UsersScreen() {
  const { user } = useHost();
  const users = useUsers();
  const [editing, setEditing] = useState<DashboardUser | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openDialog = (row: DashboardUser) => {
    setEditing(row);
    setDialogOpen(true);
  };

  let content;
  if (users.isPending || (users.isError && users.isFetching)) content = <UsersLoading />;
  else if (users.isError) content = <UsersError message={errorMessage(users.error)} onRetry={() => void users.refetch()} />;
  else if (users.data.length === 0) content = <UsersEmpty />;
  else content = <UsersTable users={users.data} onUpdate={user.isAdmin ? openDialog : undefined} />;

  return (
    <Stack gap="4">
      <ScreenHeading title="Users" />
      {content}
      {user.isAdmin && <UpdateUserDialog user={editing} open={dialogOpen} onOpenChange={setDialogOpen} />}
    </Stack>
  );
}
