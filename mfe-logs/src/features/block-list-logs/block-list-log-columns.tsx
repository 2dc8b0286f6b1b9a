import type { BlockListLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { blockListLogStatus } from 'shared/rules/logs';
import { blockListLogEntry } from './block-list-log-entry';
import { CellBadge, CellLines, CellText } from '../../lib/log-list/cell-text';
import type { LogColumn } from '../../lib/log-list/log-column';

/** The colour of each block-list log status, in the table and the row's detail. */
export const blockListLogPalette = {
  Error: 'red',
  Synced: 'green',
  Pending: 'gray',
  'Left list': 'gray',
} as const;

/** The block-list log table's columns (spec §3 "Block list log"): the list, its type and state, what was synced and what the sync did with it, and the error. */
export const blockListLogColumns: readonly LogColumn<BlockListLog>[] = [
  { header: 'Time', cell: (log) => formatDateTime(log.createdAt), width: '11rem' },
  { header: 'Block list', cell: (log) => log.syncBlockList.listName },
  { header: 'Type', cell: (log) => log.syncBlockList.blockType, width: '6.5rem', priority: 2 },
  {
    header: 'Enabled',
    cell: (log) => (log.syncBlockList.isEnabled ? 'Yes' : 'No'),
    width: '5.5rem',
    priority: 3,
  },
  {
    header: 'Synced',
    cell: (log) => {
      const { entity, what } = blockListLogEntry(log);
      return (
        <CellLines>
          <CellText>{entity}</CellText>
          <CellText small tone="muted">
            {what}
          </CellText>
        </CellLines>
      );
    },
  },
  {
    header: 'Status',
    cell: (log) => {
      const status = blockListLogStatus(log);
      return <CellBadge palette={blockListLogPalette[status]}>{status}</CellBadge>;
    },
    width: '7rem',
  },
  {
    header: 'Error',
    cell: (log) => (log.lastError ? <CellText tone="error">{log.lastError}</CellText> : '—'),
  },
];
