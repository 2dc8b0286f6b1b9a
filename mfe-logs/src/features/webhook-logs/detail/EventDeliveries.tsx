import { Heading, Stack, Text } from '@chakra-ui/react';
import type { WebhookLogDelivery } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { DataTable, TruncatedText, type DataColumn } from 'shared/ui';

const columns: DataColumn<WebhookLogDelivery>[] = [
  { header: 'Endpoint', cell: (delivery) => <TruncatedText>{delivery.url}</TruncatedText> },
  { header: 'State', cell: (delivery) => delivery.state, cellProps: { whiteSpace: 'nowrap' } },
  { header: 'Attempts', cell: (delivery) => String(delivery.attempts) },
  {
    header: 'Last status',
    cell: (delivery) => (delivery.lastStatusCode === null ? '—' : String(delivery.lastStatusCode)),
  },
  {
    header: 'Last error',
    cell: (delivery) =>
      delivery.lastError ? <TruncatedText maxW="12rem">{delivery.lastError}</TruncatedText> : '—',
  },
  {
    header: 'Delivered',
    cell: (delivery) =>
      delivery.deliveredAt
        ? formatDateTime(delivery.deliveredAt)
        : delivery.nextAttemptAt
          ? `next try ${formatDateTime(delivery.nextAttemptAt)}`
          : '—',
    cellProps: { whiteSpace: 'nowrap' },
  },
];

/** The event's deliveries to the additional endpoints (none when the webhook has none). */
export function EventDeliveries({ deliveries }: { deliveries: readonly WebhookLogDelivery[] }) {
  if (deliveries.length === 0) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Deliveries
      </Heading>
      <DataTable label="Deliveries" columns={columns} rows={deliveries} />
      <Text srOnly>
        {deliveries.length} {deliveries.length === 1 ? 'delivery' : 'deliveries'}
      </Text>
    </Stack>
  );
}
