import { Badge, Box, Stack, Text } from '@chakra-ui/react';
import type { BlockList } from 'shared/contract';
import { formatDateTime, platformLabel } from 'shared/rules';
import { DataTable, type DataColumn, type RowAction } from 'shared/ui';
import {
  blockListTexts,
  blockTypeLabel,
  canSyncNow,
  cannotManageNote,
  crmListId,
  listTypeLabel,
  PAUSED,
  PAUSED_PENDING_UPGRADE,
  truncateError,
} from './rules';

export interface BlockListRowActions {
  onSyncNow: (list: BlockList) => void;
  onPause: (list: BlockList) => void;
  onResume: (list: BlockList) => void;
  onDelete: (list: BlockList) => void;
  /** The block list whose pause or resume is running. */
  pendingId: number | null;
  /** The block list whose "Sync now" is being sent. */
  syncingId: number | null;
}

/** An error column: at most 55 characters, the whole text on hover (spec §9). */
function ErrorText({ label, text }: { label?: string; text: string }) {
  return (
    <Text fontSize="xs" color="fg.error" title={text}>
      {label ? `${label}: ${truncateError(text)}` : truncateError(text)}
    </Text>
  );
}

/** A sync time: the label and the date may go on two lines, the date stays on one. */
function SyncTime({ label, at }: { label: string; at: string | null }) {
  return (
    <Text>
      {`${label}: `}
      <Box as="span" whiteSpace="nowrap">
        {formatDateTime(at)}
      </Box>
    </Text>
  );
}

const statusPalette = (status: string): string =>
  status === PAUSED_PENDING_UPGRADE
    ? 'orange'
    : status === PAUSED
      ? 'gray'
      : status === 'FAILED'
        ? 'red'
        : status === 'SYNCED'
          ? 'green'
          : 'blue';

const columns: DataColumn<BlockList>[] = [
  {
    header: 'List',
    cell: (list) => (
      <Stack gap="0">
        <Text fontSize="sm">{list.listName}</Text>
        <Text fontSize="xs" color="fg.muted">{`ID: ${crmListId(list)}`}</Text>
      </Stack>
    ),
  },
  {
    header: 'Platform',
    cell: (list) => (
      <Stack gap="0">
        <Text fontSize="sm">{platformLabel(list.apiKey.platform)}</Text>
        {list.clientDetails && (
          <Text
            fontSize="xs"
            color="fg.muted"
          >{`Client ${list.clientDetails.email ?? list.clientDetails.id}`}</Text>
        )}
      </Stack>
    ),
  },
  {
    header: 'Block type',
    cell: (list) => (
      <Stack gap="0">
        <Text fontSize="sm">
          {blockTypeLabel(list.blockType, list.apiKey.platform === 'heyreach')}
        </Text>
        {list.listType && (
          <Text fontSize="xs" color="fg.muted">
            {listTypeLabel(list.listType)}
          </Text>
        )}
      </Stack>
    ),
  },
  { header: 'Owner', cell: (list) => `${list.user.profile} - ${list.user.email}` },
  {
    header: 'Status',
    cell: (list) => (
      <Badge colorPalette={statusPalette(list.status)} variant="subtle">
        {list.status}
      </Badge>
    ),
  },
  {
    header: 'Items',
    cell: (list) => (
      <Stack gap="0" fontSize="xs">
        <Text>{`Synced: ${list.countItemsSynced}`}</Text>
        <Text>{`Not synced: ${list.countItemsNotSynced}`}</Text>
      </Stack>
    ),
    cellProps: { whiteSpace: 'nowrap' },
  },
  {
    header: 'Last sync',
    cell: (list) => (
      <Stack gap="0" fontSize="xs">
        <SyncTime label="Fetched" at={list.lastFetchedAt} />
        <SyncTime label="Attempted" at={list.lastAttemptedAt} />
      </Stack>
    ),
  },
  {
    header: 'Last error',
    cell: (list) => (
      <Stack gap="0">
        {list.lastError && <ErrorText text={list.lastError} />}
        {list.lastSmartleadError && (
          <ErrorText label={platformLabel(list.apiKey.platform)} text={list.lastSmartleadError} />
        )}
      </Stack>
    ),
  },
];

/** A row's actions: only for admins and the profile's owner (spec §6). */
function rowActions(list: BlockList, actions: BlockListRowActions): RowAction[] {
  if (!list.canManage) return [];
  const pending = actions.pendingId === list.id;
  return [
    ...(canSyncNow(list)
      ? [
          {
            label: 'Sync now',
            onClick: () => actions.onSyncNow(list),
            loading: actions.syncingId === list.id,
          },
        ]
      : []),
    list.isEnabled
      ? { label: 'Pause', onClick: () => actions.onPause(list), loading: pending }
      : { label: 'Resume', onClick: () => actions.onResume(list), loading: pending },
    { label: 'Delete', onClick: () => actions.onDelete(list), colorPalette: 'red' },
  ];
}

/** spec §2 "Blocked List" (spec §3 "Block list (sync)"): what each block list pushes, its state and its last error. */
export function BlockListsTable({
  lists,
  actions,
}: {
  lists: readonly BlockList[];
  actions: BlockListRowActions;
}) {
  return (
    <DataTable
      label={blockListTexts.table}
      columns={columns}
      rows={lists}
      actions={(list) => rowActions(list, actions)}
      noActionsNote={cannotManageNote}
    />
  );
}
