import { useState, type KeyboardEvent } from 'react';
import { Badge, Code, Text } from '@chakra-ui/react';
import { useOperationQuery } from 'shared/client';
import type { ApiKey } from 'shared/contract';
import { formatDateTime, platformLabel } from 'shared/rules';
import { DataTable, TruncatedText, type DataColumn, type RowAction } from 'shared/ui';
import { displayedApiKey, revealedKeyOptions, toggleShown } from './rules';

export interface ApiKeyRowActions {
  onCheck: (key: ApiKey) => void;
  onEdit: (key: ApiKey) => void;
  onViewCategories: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
  /** The key whose check is running. */
  checkingId: number | null;
}

/**
 * The key's text: the placeholder until shown; then the full key, asked of the api, for a key the
 * viewer may change, and the api's mask (last 4 characters) for someone else's.
 */
function ApiKeyText({ apiKey, shown }: { apiKey: ApiKey; shown: boolean }) {
  const revealed = useOperationQuery(
    'revealApiKey',
    { params: { id: apiKey.id } },
    { ...revealedKeyOptions, enabled: shown && apiKey.canManage },
  );
  const text =
    apiKey.canManage && shown
      ? (revealed.data?.apiKey ?? (revealed.isError ? apiKey.apiKey : 'Loading…'))
      : apiKey.apiKey;
  return (
    <Code
      data-testid="api-key-text"
      variant="plain"
      wordBreak="break-all"
      whiteSpace={shown ? 'normal' : 'nowrap'}
    >
      {displayedApiKey(text, shown)}
    </Code>
  );
}

/** The columns; the API Key cell shows the key only for the ids in `shown`. */
const columnsShowing = (shown: ReadonlySet<number>): DataColumn<ApiKey>[] => [
  { header: 'ID', cell: (key) => key.id },
  {
    header: 'Profile',
    cell: (key) => (
      <>
        <TruncatedText maxW="10rem">{key.userProfile.email}</TruncatedText>
        <Text color="fg.muted" fontSize="xs">
          {key.userProfile.profile} {key.userProfile.organizationId}
        </Text>
      </>
    ),
  },
  {
    header: 'Platform',
    // bison's dedicated instance under its name: a Base URL column would be empty for the other three
    cell: (key) => (
      <>
        {platformLabel(key.platform)}
        {key.baseUrl && (
          <TruncatedText maxW="7rem" color="fg.muted" fontSize="xs">
            {key.baseUrl}
          </TruncatedText>
        )}
      </>
    ),
  },
  {
    header: 'API Key',
    cell: (key) => <ApiKeyText apiKey={key} shown={shown.has(key.id)} />,
  },
  {
    header: 'Description',
    cell: (key) => <TruncatedText maxW="8rem">{key.description}</TruncatedText>,
  },
  {
    header: 'Status',
    cell: (key) => (
      <Badge colorPalette={key.isValid ? 'green' : 'red'} variant="subtle">
        {key.isValid ? 'Valid' : 'Invalid'}
      </Badge>
    ),
  },
  // the date may wrap: this table needs the room at 1280 px (layout.test.ts)
  { header: 'Created', cell: (key) => formatDateTime(key.createdAt) },
];

/**
 * One table of keys ("API Keys" or "All API Keys"). Each key shows a fixed placeholder until its row
 * is clicked; another click hides it again. Check API Key, Edit and Delete change the key: they show
 * where the api says the user may (`canManage`); View lead categories shows on every row.
 */
export function ApiKeysTable({
  title,
  keys,
  actions,
}: {
  title: string;
  keys: ApiKey[];
  actions: ApiKeyRowActions;
}) {
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) => setShown((current) => toggleShown(current, id));
  const onRowKey = (event: KeyboardEvent, id: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(id);
    }
  };

  return (
    <DataTable
      label={title}
      columns={columnsShowing(shown)}
      rows={keys}
      rowProps={(key) => ({
        onClick: () => toggle(key.id),
        onKeyDown: (event) => onRowKey(event, key.id),
        tabIndex: 0,
        cursor: 'pointer',
        title: 'Click to show or hide the key',
        'aria-label': `API key ${key.description}`,
      })}
      actions={(key): RowAction[] => [
        ...(key.canManage
          ? [
              {
                label: 'Check API Key',
                onClick: () => actions.onCheck(key),
                loading: actions.checkingId === key.id,
              },
            ]
          : []),
        ...(key.canManage ? [{ label: 'Edit', onClick: () => actions.onEdit(key) }] : []),
        { label: 'View lead categories', onClick: () => actions.onViewCategories(key) },
        ...(key.canManage
          ? [{ label: 'Delete', colorPalette: 'red', onClick: () => actions.onDelete(key) }]
          : []),
      ]}
    />
  );
}
