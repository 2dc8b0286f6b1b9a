import { Badge, Button, HStack, Table, Text } from '@chakra-ui/react';
import type { SalesforceSettings } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { settingsStatusLabel } from './rules';

const columns = ['ID', 'Domain', 'Consumer Key', 'Status', 'Created'] as const;

/** The saved settings; each row has Connect and Delete. */
export function SalesforceSettingsTable({
  settings,
  connectingId,
  onConnect,
  onDelete,
}: {
  settings: SalesforceSettings[];
  connectingId: number | null;
  onConnect: (settings: SalesforceSettings) => void;
  onDelete: (settings: SalesforceSettings) => void;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label="Salesforce settings">
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader>
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {settings.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell>{row.id}</Table.Cell>
              <Table.Cell>{row.domain}</Table.Cell>
              <Table.Cell wordBreak="break-all">{row.consumer_key}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={row.connected ? 'green' : row.userProfileId === null ? 'gray' : 'red'} variant="subtle">
                  {settingsStatusLabel(row)}
                </Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(row.createdAt)}</Table.Cell>
              <Table.Cell>
                <HStack gap="1" justify="flex-end">
                  <Button size="xs" colorPalette="primary" onClick={() => onConnect(row)} loading={connectingId === row.id}>
                    Connect
                  </Button>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(row)}>
                    Delete
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
