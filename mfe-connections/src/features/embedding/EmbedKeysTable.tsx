import { Badge, Code } from '@chakra-ui/react';
import type { EmbedKey } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { DataTable, TruncatedText, type DataColumn, type RowAction } from 'shared/ui';
import { keyStatus, shownKey } from './rules';

const columns: DataColumn<EmbedKey>[] = [
  { header: 'Name', cell: (key) => <TruncatedText maxW="12rem">{key.name}</TruncatedText> },
  { header: 'Key', cell: (key) => <Code variant="plain">{shownKey(key)}</Code> },
  {
    header: 'Created by',
    cell: (key) => <TruncatedText maxW="12rem">{key.createdBy}</TruncatedText>,
  },
  { header: 'Created', cell: (key) => formatDateTime(key.createdAt) },
  {
    header: 'Last used',
    cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'),
  },
  {
    header: 'Status',
    cell: (key) => (
      <Badge colorPalette={key.revokedAt === null ? 'green' : 'gray'} variant="subtle">
        {keyStatus(key)}
      </Badge>
    ),
  },
];

/** The organization's embed keys, newest first; Revoke on the active ones. */
export function EmbedKeysTable({
  keys,
  onRevoke,
}: {
  keys: EmbedKey[];
  onRevoke: (key: EmbedKey) => void;
}) {
  return (
    <DataTable
      label="Embed keys"
      columns={columns}
      rows={keys}
      actions={(key): RowAction[] =>
        key.revokedAt === null
          ? [{ label: 'Revoke', colorPalette: 'red', onClick: () => onRevoke(key) }]
          : []
      }
    />
  );
}
