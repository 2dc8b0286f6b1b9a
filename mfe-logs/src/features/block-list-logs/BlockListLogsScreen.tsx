import { Stack } from '@chakra-ui/react';
import { useOperationQuery } from 'shared/client';
import type { BlockListLog } from 'shared/contract';
import { ScreenHeading, SelectField, TextField } from 'shared/ui';
import { InfiniteLogTable } from '../../lib/log-list/InfiniteLogTable';
import { lazyLogDetail } from '../../lib/log-list/lazy-log-detail';
import { LogDrawerFrame } from '../../lib/log-list/LogDrawerFrame';
import { useOpenRow } from '../../lib/log-list/use-open-row';
import { LogFiltersForm } from '../../lib/log-list/LogFiltersForm';
import { useLogFilters } from '../../lib/log-list/use-log-filters';
import { blockListLogColumns } from './block-list-log-columns';
import { useOperationInfiniteQuery } from '../../lib/log-list/use-operation-infinite-query';
import { blockListLogFilterKeys, blockListLogQueryOf, filtersAnything } from 'shared/rules/logs';

const BlockListLogDetail = lazyLogDetail(() =>
  import('./BlockListLogDetail').then((module) => module.BlockListLogDetail),
);
const blockListLogLabel = (log: BlockListLog) => `Block list log ${log.id}`;

/** /admin/dashboard/history/block-list-logs (spec §2 "Log screens"): an email filter, a block-list selector, and the syncs page after page. */
export function BlockListLogsScreen() {
  const filters = useLogFilters(blockListLogFilterKeys);
  const blockLists = useOperationQuery('listBlockLists');
  const query = blockListLogQueryOf(filters.applied);
  const logs = useOperationInfiniteQuery('listBlockListHistory', query);
  const { opened, openRow, close } = useOpenRow(blockListLogLabel);
  const listOptions = (blockLists.data ?? []).map((list) => ({
    value: String(list.id),
    label: list.listName,
  }));

  return (
    <Stack gap="6">
      <ScreenHeading title="Block list logs" />
      <LogFiltersForm
        label="Block list log filters"
        onSearch={filters.search}
        onClear={filters.clear}
      >
        <TextField
          label="Email"
          type="search"
          value={filters.draft.email}
          onChange={(value) => filters.change('email', value)}
        />
        <SelectField
          label="Block list"
          placeholder="All block lists"
          value={filters.draft.blockListId}
          options={listOptions}
          onChange={(value) => filters.change('blockListId', value)}
        />
      </LogFiltersForm>
      <InfiniteLogTable
        label="Block list logs"
        query={logs}
        columns={blockListLogColumns}
        loading="Loading block list logs…"
        failed="The block list logs could not be loaded"
        empty={{
          filtered: 'No block list logs match these filters',
          none: 'No block list logs yet',
          hint: 'Each entry a block list sync sends to a platform shows here, with any error.',
        }}
        filtered={filtersAnything(query)}
        openRow={openRow}
      />
      {opened && (
        <LogDrawerFrame title={blockListLogLabel(opened)} onClose={close}>
          <BlockListLogDetail log={opened} />
        </LogDrawerFrame>
      )}
    </Stack>
  );
}
