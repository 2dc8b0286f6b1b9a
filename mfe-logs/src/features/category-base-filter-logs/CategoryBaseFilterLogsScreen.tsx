import { Stack } from '@chakra-ui/react';
import type { CategoryBaseFilterLog } from 'shared/contract';
import { ScreenHeading, SelectField, TextField } from 'shared/ui';
import { InfiniteLogTable } from '../../lib/log-list/InfiniteLogTable';
import { lazyLogDetail } from '../../lib/log-list/lazy-log-detail';
import { LogDrawerFrame } from '../../lib/log-list/LogDrawerFrame';
import { useOpenRow } from '../../lib/log-list/use-open-row';
import { LogFiltersForm } from '../../lib/log-list/LogFiltersForm';
import { useEventTypeOptions } from '../../lib/log-list/use-event-type-options';
import { useLogFilters } from '../../lib/log-list/use-log-filters';
import { categoryBaseFilterLogColumns } from './category-base-filter-log-columns';
import { useOperationInfiniteQuery } from '../../lib/log-list/use-operation-infinite-query';
import {
  categoryBaseFilterLogFilterKeys,
  categoryBaseFilterLogQueryOf,
  filtersAnything,
} from 'shared/rules/logs';

const CategoryBaseFilterLogDetail = lazyLogDetail(() =>
  import('./CategoryBaseFilterLogDetail').then((module) => module.CategoryBaseFilterLogDetail),
);
const categoryLogLabel = (log: CategoryBaseFilterLog) => `Category base filter log ${log.id}`;

/** /admin/dashboard/history/category-base-filter-logs (spec §2 "Log screens"): the filters and the events the category filter held, page after page. */
export function CategoryBaseFilterLogsScreen() {
  const filters = useLogFilters(categoryBaseFilterLogFilterKeys);
  const eventTypes = useEventTypeOptions('listCategoryBaseFilterTypes');
  const query = categoryBaseFilterLogQueryOf(filters.applied);
  const logs = useOperationInfiniteQuery('listCategoryBaseFilterLogs', query);
  const { draft, change } = filters;
  const { opened, openRow, close } = useOpenRow(categoryLogLabel);

  return (
    <Stack gap="6">
      <ScreenHeading title="Category base filter logs" />
      <LogFiltersForm
        label="Category base filter log filters"
        onSearch={filters.search}
        onClear={filters.clear}
      >
        <SelectField
          label="Event type"
          value={draft.eventType}
          options={eventTypes}
          onChange={(value) => change('eventType', value)}
        />
        <TextField
          label="Webhook ID"
          inputMode="numeric"
          value={draft.webhookId}
          onChange={(value) => change('webhookId', value)}
        />
        <TextField
          label="Campaign ID"
          type="search"
          value={draft.campaignId}
          onChange={(value) => change('campaignId', value)}
        />
        <TextField
          label="Lead ID"
          type="search"
          value={draft.leadId}
          onChange={(value) => change('leadId', value)}
        />
        <TextField
          label="Webhook URL"
          type="search"
          value={draft.webhookUrl}
          onChange={(value) => change('webhookUrl', value)}
        />
      </LogFiltersForm>
      <InfiniteLogTable
        label="Category base filter logs"
        query={logs}
        columns={categoryBaseFilterLogColumns}
        loading="Loading category base filter logs…"
        failed="The category base filter logs could not be loaded"
        empty={{
          filtered: 'No category base filter logs match these filters',
          none: 'No category base filter logs yet',
          hint: 'Each event the category-based filter holds shows here, with what became of it: released, dropped or expired.',
        }}
        filtered={filtersAnything(query)}
        openRow={openRow}
      />
      {opened && (
        <LogDrawerFrame title={categoryLogLabel(opened)} onClose={close}>
          <CategoryBaseFilterLogDetail log={opened} />
        </LogDrawerFrame>
      )}
    </Stack>
  );
}
