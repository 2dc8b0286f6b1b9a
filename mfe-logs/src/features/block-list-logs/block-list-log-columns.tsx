import { Badge, Stack, Text } from '@chakra-ui/react';
import type { BlockListLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { TruncatedText, type DataColumn } from 'shared/ui';
import { blockListLogStatus } from 'shared/rules/logs';

const statusPalette = { Error: 'red', Synced: 'green', Pending: 'gray' } as const;

/** The block-list log table's columns (spec §3 "Block list log"): the list, its type and state, what was synced and the error. */
export const blockListLogColumns: readonly DataColumn<BlockListLog>[] = [
  { header: 'Time', cell: (log) => formatDateTime(log.createdAt), cellProps: { whiteSpace: 'nowrap' } },
  { header: 'Block list', cell: (log) => log.syncBlockList.listName },
  { header: 'Type', cell: (log) => log.syncBlockList.blockType },
  { header: 'Enabled', cell: (log) => (log.syncBlockList.isEnabled ? 'Yes' : 'No') },
  {
    header: 'Synced',
    cell: (log) => (
      <Stack gap="0">
        <Text>{log.entity}</Text>
        <Text textStyle="xs" color="fg.muted">
          {log.syncedAt ? formatDateTime(log.syncedAt) : 'Not synced'}
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Status',
    cell: (log) => {
      const status = blockListLogStatus(log);
      return <Badge colorPalette={statusPalette[status]}>{status}</Badge>;
    },
  },
  { header: 'Error', cell: (log) => (log.lastError ? <TruncatedText color="fg.error">{log.lastError}</TruncatedText> : '—') },
];
