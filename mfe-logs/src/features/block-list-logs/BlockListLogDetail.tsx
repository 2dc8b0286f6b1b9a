import { Badge, Stack, Text } from '@chakra-ui/react';
import type { BlockListLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { blockListLogStatus } from 'shared/rules/logs';
import { LogFacts, type LogFact } from '../../lib/log-list/LogFacts';
import { blockListLogEntry } from './block-list-log-entry';
import { blockListLogPalette } from './block-list-log-columns';

/** One block-list log row in full, the content of its detail panel: the list, the entry, what the sync did, and the whole error. */
export function BlockListLogDetail({ log }: { log: BlockListLog }) {
  const status = blockListLogStatus(log);
  const { entity, what } = blockListLogEntry(log);
  const facts: LogFact[] = [
    ['Time', formatDateTime(log.createdAt)],
    ['Block list', log.syncBlockList.listName],
    ['Block list ID', String(log.blockListId)],
    ['Type', log.syncBlockList.blockType],
    ['Enabled', log.syncBlockList.isEnabled ? 'Yes' : 'No'],
    ['Entry', entity],
    ['What happened', what],
    ['Synced', log.syncedAt ? formatDateTime(log.syncedAt) : 'Not synced'],
  ];
  return (
    <Stack gap="5">
      <Badge alignSelf="start" colorPalette={blockListLogPalette[status]}>
        {status}
      </Badge>
      <LogFacts facts={facts} />
      {log.lastError && (
        <Stack gap="1">
          <Text fontWeight="semibold" textStyle="sm">
            Error
          </Text>
          <Text color="fg.error" textStyle="sm">
            {log.lastError}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
