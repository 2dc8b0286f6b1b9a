import { Button, HStack, Stack, Tag } from '@chakra-ui/react';
import type { WebhookLog } from 'shared/contract';
import { lazyWithRetry, LoadingState, ScreenHeading, SectionLoadFailed, useHost } from 'shared/ui';
import { LogDrawerFrame } from '../../lib/log-list/LogDrawerFrame';
import { useOpenRow } from '../../lib/log-list/use-open-row';
import { eventPanelTexts } from './detail/event-panel-texts';
import { InfiniteLogTable } from '../../lib/log-list/InfiniteLogTable';
import { LogFiltersForm } from '../../lib/log-list/LogFiltersForm';
import { useLogFilters } from '../../lib/log-list/use-log-filters';
import { webhookLogColumns } from './webhook-log-columns';
import { WebhookLogFilterInputs } from './WebhookLogFilterInputs';
import { useOperationInfiniteQuery } from '../../lib/log-list/use-operation-infinite-query';
import { filtersAnything, webhookLogFilterKeys, webhookLogQueryOf } from 'shared/rules/logs';

// the event panel's content: most visits never open it, so it loads on demand, inside a panel that opens
// at once and stays open while it loads, fails (saying so, with Retry) and loads again
const WebhookLogDetail = lazyWithRetry(
  () => import('./detail/WebhookLogDetail').then((module) => module.WebhookLogDetail),
  {
    loading: <LoadingState label={eventPanelTexts.loading} />,
    failed: (_props, retry) => <SectionLoadFailed title={eventPanelTexts.failed} onRetry={retry} />,
  },
);

const webhookLogLabel = (log: WebhookLog) => `Webhook log ${log.id}`;

/** /admin/dashboard/history/webhook-logs (spec §2 "Log screens"): the filters, the total and the events, page after page. */
export function WebhookLogsScreen() {
  const { user } = useHost();
  const managerOrAdmin = user.isManagerOrAdmin;
  const filters = useLogFilters(webhookLogFilterKeys);
  const query = webhookLogQueryOf(filters.applied, { managerOrAdmin });
  const logs = useOperationInfiniteQuery('listWebhookLogs', query);
  const { opened, openRow, close } = useOpenRow(webhookLogLabel);

  return (
    <Stack gap="6">
      <ScreenHeading title="Webhook logs" />
      <LogFiltersForm label="Webhook log filters" onSearch={filters.search} onClear={filters.clear}>
        <WebhookLogFilterInputs
          filters={filters.draft}
          onChange={filters.change}
          managerOrAdmin={managerOrAdmin}
        />
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
        empty={{
          filtered: 'No webhook logs match these filters',
          none: 'No webhook logs yet',
          hint: 'Each event a platform posts to a webhook shows here as it arrives.',
        }}
        filtered={filtersAnything(query)}
        openRow={openRow}
      />
      {opened && (
        <LogDrawerFrame title={`Event ${opened.id}`} onClose={close}>
          <WebhookLogDetail logId={opened.id} />
        </LogDrawerFrame>
      )}
    </Stack>
  );
}
