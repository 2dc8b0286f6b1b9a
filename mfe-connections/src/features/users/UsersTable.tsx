import { Badge, Button, HStack, Table, Text } from '@chakra-ui/react';
import type { DashboardUser } from 'shared/contract';
import { cellText, grantedFlags, roleLabel } from './rules';

const columns = ['ID', 'Account ID', 'Organization ID', 'Account', 'Email', 'Role', 'Hub domain', 'Approvals'] as const;

function Approvals({ user }: { user: DashboardUser }) {
  const granted = grantedFlags(user);
  if (granted.length === 0) return <Text color="fg.muted">None</Text>;
  return (
    <HStack gap="1" wrap="wrap">
      {granted.map((flag) => (
        <Badge key={flag} colorPalette="green" variant="subtle">
          {flag}
        </Badge>
      ))}
    </HStack>
  );
}

/** The users list; `onUpdate` is given to admins only and adds an Update button per row. */
export function UsersTable({ users, onUpdate }: { users: DashboardUser[]; onUpdate?: (user: DashboardUser) => void }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label="Users">
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
            {onUpdate && (
              <Table.ColumnHeader>
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => (
            <Table.Row key={user.id}>
              <Table.Cell>{user.id}</Table.Cell>
              <Table.Cell>{cellText(user.accountId)}</Table.Cell>
              <Table.Cell>{cellText(user.organizationId)}</Table.Cell>
              <Table.Cell>{cellText(user.account)}</Table.Cell>
              <Table.Cell>{user.email}</Table.Cell>
              <Table.Cell>{roleLabel(user.role)}</Table.Cell>
              <Table.Cell>{cellText(user.hubDomain)}</Table.Cell>
              <Table.Cell>
                <Approvals user={user} />
              </Table.Cell>
              {onUpdate && (
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="outline" onClick={() => onUpdate(user)}>
                    Update
                  </Button>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
