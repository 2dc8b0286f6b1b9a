import { Button, Table, Text } from '@chakra-ui/react';
import type { UserAccount } from 'shared/contract';
import { canDelete } from './rules';

/** ID, URL and description; a delete action only where canDelete is true. */
export function EndpointsTable({ accounts, onDelete }: { accounts: UserAccount[]; onDelete: (account: UserAccount) => void }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label="Webhook endpoints">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>ID</Table.ColumnHeader>
            <Table.ColumnHeader>URL</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {accounts.map((account) => (
            <Table.Row key={account.id}>
              <Table.Cell>{account.id}</Table.Cell>
              <Table.Cell wordBreak="break-all">{account.url}</Table.Cell>
              <Table.Cell>{account.description}</Table.Cell>
              <Table.Cell textAlign="end">
                {canDelete(account) && (
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(account)}>
                    Delete
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
