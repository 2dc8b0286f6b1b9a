import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Badge, Button, Code, HStack, Table, Text } from '@chakra-ui/react';
import type { ApiKey } from 'shared/contract';
import { formatDateTime, platformLabel } from 'shared/rules';
import { displayedApiKey, toggleShown } from './rules';

export interface ApiKeyRowActions {
  onCheck: (key: ApiKey) => void;
  onEdit: (key: ApiKey) => void;
  onViewCategories: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
  /** The key whose check is running. */
  checkingId: number | null;
}

const columns = ['ID', 'Profile', 'Platform', 'API Key', 'Base URL', 'Description', 'Status', 'Created'] as const;

/** An action button inside a clickable row: its click is its own, not the row's. */
function RowButton({ label, onClick, loading = false, danger = false }: { label: string; onClick: () => void; loading?: boolean; danger?: boolean }) {
  const click = (event: MouseEvent) => {
    event.stopPropagation();
    onClick();
  };
  return (
    <Button size="xs" variant="outline" colorPalette={danger ? 'red' : undefined} onClick={click} onKeyDown={(event) => event.stopPropagation()} loading={loading}>
      {label}
    </Button>
  );
}

/**
 * One table of keys ("API Keys" or "All API Keys"). Each key shows a fixed placeholder until its row
 * is clicked; another click hides it again. Check API Key, Edit and Delete change the key: they show
 * where the api says the user may (`canManage`); View lead categories shows on every row.
 */
export function ApiKeysTable({ title, keys, actions }: { title: string; keys: ApiKey[]; actions: ApiKeyRowActions }) {
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) => setShown((current) => toggleShown(current, id));
  const onRowKey = (event: KeyboardEvent, id: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(id);
    }
  };

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label={title}>
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
          {keys.map((key) => (
            <Table.Row
              key={key.id}
              onClick={() => toggle(key.id)}
              onKeyDown={(event) => onRowKey(event, key.id)}
              tabIndex={0}
              cursor="pointer"
              title="Click to show or hide the key"
              aria-label={`API key ${key.description}`}
            >
              <Table.Cell>{key.id}</Table.Cell>
              <Table.Cell>
                <Text>{key.userProfile.email}</Text>
                <Text color="fg.muted" fontSize="xs">
                  {key.userProfile.profile} {key.userProfile.organizationId}
                </Text>
              </Table.Cell>
              <Table.Cell>{platformLabel(key.platform)}</Table.Cell>
              <Table.Cell>
                <Code data-testid="api-key-text" variant="plain" wordBreak="break-all">
                  {displayedApiKey(key.apiKey, shown.has(key.id))}
                </Code>
              </Table.Cell>
              <Table.Cell wordBreak="break-all">{key.baseUrl ?? '—'}</Table.Cell>
              <Table.Cell>{key.description}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={key.isValid ? 'green' : 'red'} variant="subtle">
                  {key.isValid ? 'Valid' : 'Invalid'}
                </Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(key.createdAt)}</Table.Cell>
              <Table.Cell>
                <HStack gap="1" justify="flex-end" wrap="nowrap">
                  {key.canManage && <RowButton label="Check API Key" onClick={() => actions.onCheck(key)} loading={actions.checkingId === key.id} />}
                  {key.canManage && <RowButton label="Edit" onClick={() => actions.onEdit(key)} />}
                  <RowButton label="View lead categories" onClick={() => actions.onViewCategories(key)} />
                  {key.canManage && <RowButton label="Delete" onClick={() => actions.onDelete(key)} danger />}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
