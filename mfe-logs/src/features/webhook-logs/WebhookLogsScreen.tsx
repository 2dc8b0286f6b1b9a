import { useMemo, useState } from 'react';
import { Button, HStack, Stack, Tag } from '@chakra-ui/react';
import type { WebhookLog } from 'shared/contract';
import { lazyWithRetry, ScreenHeading, SectionLoadFailed, useHost } from 'shared/ui';
import type { OpenRow } from '../../lib/log-list/LogTable';
import { EventDrawerFrame } from './detail/EventDrawerFrame';
import { InfiniteLogTable } from '../../lib/log-list/InfiniteLogTable';
import { LogFiltersForm } from '../../lib/log-list/LogFiltersForm';
import { useLogFilters } from '../../lib/log-list/use-log-filters';
import { webhookLogColumns } from './webhook-log-columns';
import { WebhookLogFilterInputs } from './WebhookLogFilterInputs';
import { useOperationInfiniteQuery } from '../../lib/log-list/use-operation-infinite-query';
import { webhookLogFilterKeys, webhookLogQueryOf } from 'shared/rules/logs';

// opened from a row: most visits never open it, so it loads on demand; when its code cannot be loaded,
// the panel opens saying so, with Retry
const WebhookLogDetailDrawer = lazyWithRetry(() => import('./detail/WebhookLogDetailDrawer').then((module) => module.WebhookLogDetailDrawer), {
  failed: ({ logId, onClose }, retry) => (
    <EventDrawerFrame logId={logId} onClose={onClose}>
      <SectionLoadFailed title="The event could not be loaded" onRetry={retry} />
    </EventDrawerFrame>
  ),
});

/** /admin/dashboard/history/webhook-logs (spec §2 "Log screens"): the filters, the total and the events, page after page. */
export function WebhookLogsScreen() {
  const { user } = useHost();
  const managerOrAdmin = user.isManagerOrAdmin;
  const filters = useLogFilters(webhookLogFilterKeys);
  const logs = useOperationInfiniteQuery('listWebhookLogs', webhookLogQueryOf(filters.applied, { managerOrAdmin }));
  const [openLogId, setOpenLogId] = useState<number | null>(null);
  // the same rows open the panel on every render: the table's rows need not render again for it
  const openRow = useMemo<OpenRow<WebhookLog>>(() => ({ label: (log) => `Webhook log ${log.id}`, onOpen: (log) => setOpenLogId(log.id) }), []);

  return (
    <Stack gap="6">
      <ScreenHeading title="Webhook logs" />
      <LogFiltersForm label="Webhook log filters" onSearch={filters.search} onClear={filters.clear}>
        <WebhookLogFilterInputs filters={filters.draft} onChange={filters.change} managerOrAdmin={managerOrAdmin} />
      </LogFiltersForm>
      {/* a regular user arrives here with ?webhookId= from the webhooks screen: the filter shows, and can be dropped */}
      {!managerOrAdmin && filters.applied.webhookId !== '' && (
        <HStack>
          <Tag.Root>
            <Tag.Label>Webhook ID: {filters.applied.webhookId}</Tag.Label>
          </Tag.Root>
          <Button size="xs" variant="ghost" onClick={filters.clear}>
            Show every webhook
          </Button>
        </HStack>
      )}
      <InfiniteLogTable
        label="Webhook logs"
        query={logs}
        columns={webhookLogColumns}
        loading="Loading webhook logs…"
        failed="The webhook logs could not be loaded"
        empty="No webhook logs match these filters"
        openRow={openRow}
      />
      {openLogId !== null && <WebhookLogDetailDrawer logId={openLogId} onClose={() => setOpenLogId(null)} />}
    </Stack>
  );
}
