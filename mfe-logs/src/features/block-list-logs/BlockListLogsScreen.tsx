import { Stack } from '@chakra-ui/react';
import { useOperationQuery } from 'shared/client';
import { ScreenHeading, SelectField, TextField } from 'shared/ui';
import { InfiniteLogTable } from '../../lib/log-list/InfiniteLogTable';
import { LogFiltersForm } from '../../lib/log-list/LogFiltersForm';
import { useLogFilters } from '../../lib/log-list/use-log-filters';
import { blockListLogColumns } from './block-list-log-columns';
import { useOperationInfiniteQuery } from '../../lib/log-list/use-operation-infinite-query';
import { blockListLogFilterKeys, blockListLogQueryOf, filtersAnything } from 'shared/rules/logs';

/** /admin/dashboard/history/block-list-logs (spec §2 "Log screens"): an email filter, a block-list selector, and the syncs page after page. */
export function BlockListLogsScreen() {
  const filters = useLogFilters(blockListLogFilterKeys);
  const blockLists = useOperationQuery('listBlockLists');
  const query = blockListLogQueryOf(filters.applied);
  const logs = useOperationInfiniteQuery('listBlockListHistory', query);
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
      />
    </Stack>
  );
}
