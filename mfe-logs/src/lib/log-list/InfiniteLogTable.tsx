import type { ComponentType } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Stack, Text } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';
import { EmptyMessage, lazyWithRetry, LoadError, LoadingState, SectionLoadFailed } from 'shared/ui';
import { InfiniteScrollSentinel } from './InfiniteScrollSentinel';
import type { LogColumn } from './log-column';
import { LogTable, type OpenRow } from './LogTable';
import type { VirtualLogTable as VirtualLogTableComponent } from './VirtualLogTable';

type VirtualLogTableProps = Parameters<typeof VirtualLogTableComponent>[0];

/** Up to this many rows the table draws them all; beyond, only those near the view (and the virtualiser loads then). */
export const PLAIN_TABLE_ROWS = 100;

// most visits read a page or two: the virtualiser (TanStack Virtual) loads when a list grows past PLAIN_TABLE_ROWS
// (the lazy component keeps no type parameters: the component's own generic type is given back)
const VirtualLogTable = lazyWithRetry(
  () =>
    import('./VirtualLogTable').then(
      (module) => module.VirtualLogTable as ComponentType<VirtualLogTableProps>,
    ),
  {
    loading: <LoadingState label="Loading more…" />,
    failed: (_props, retry) => (
      <SectionLoadFailed title="The rows could not be shown" onRetry={retry} />
    ),
  },
) as unknown as typeof VirtualLogTableComponent;

interface LogPage<Row> {
  totalItems: number;
  data: Row[];
}

export interface InfiniteLogTableProps<Row extends { id: number }> {
  /** The table's accessible name. */
  label: string;
  query: UseInfiniteQueryResult<InfiniteData<LogPage<Row>>, Error>;
  columns: readonly LogColumn<Row>[];
  /** e.g. "Loading webhook logs…". */
  loading: string;
  /** e.g. "The webhook logs could not be loaded". */
  failed: string;
  /** What shows when there is no row: `filtered` when the filters leave none, else `none` with its `hint`. */
  empty: { filtered: string; none: string; hint: string };
  /** Whether the list is filtered (filtersAnything of its query). */
  filtered: boolean;
  /** Rows that open on a click or Enter (e.g. a detail panel). */
  openRow?: OpenRow<Row>;
}

/** A log table (virtualised) that loads its next page when the sentinel under it scrolls into view (spec §4), with the total above it. */
export function InfiniteLogTable<Row extends { id: number }>({
  label,
  query,
  columns,
  loading,
  failed,
  empty,
  filtered,
  openRow,
}: InfiniteLogTableProps<Row>) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError && !query.data)
    return (
      <LoadError
        title={failed}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const pages = query.data.pages;
  const rows = pages.flatMap((page) => page.data);
  const totalItems = pages[0]?.totalItems ?? 0;
  if (rows.length === 0)
    return filtered ? (
      <EmptyMessage title={empty.filtered} />
    ) : (
      <EmptyMessage title={empty.none}>{empty.hint}</EmptyMessage>
    );
  return (
    <Stack gap="3">
      <Text color="fg.muted" aria-live="polite">
        Total: {totalItems}
      </Text>
      {rows.length <= PLAIN_TABLE_ROWS ? (
        <LogTable
          label={label}
          columns={columns}
          rowCount={rows.length}
          drawn={rows.map((row, index) => ({ row, index, key: row.id }))}
          openRow={openRow}
        />
      ) : (
        <VirtualLogTable label={label} columns={columns} rows={rows} openRow={openRow} />
      )}
      <InfiniteScrollSentinel
        onVisible={() => void query.fetchNextPage()}
        disabled={!query.hasNextPage || query.isFetchingNextPage}
      />
      {query.isFetchingNextPage && <LoadingState label="Loading more…" />}
      {query.isFetchNextPageError && (
        <LoadError
          title={failed}
          message={errorMessage(query.error)}
          onRetry={() => void query.fetchNextPage()}
        />
      )}
    </Stack>
  );
}
