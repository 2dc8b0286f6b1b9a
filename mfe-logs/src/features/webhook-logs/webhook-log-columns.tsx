import { Badge, Stack, Text } from '@chakra-ui/react';
import type { WebhookLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { TruncatedText, type DataColumn } from 'shared/ui';
import { webhookLogStatus, type LogResultStatus } from 'shared/rules/logs';

const statusPalette: Record<LogResultStatus, string> = { Error: 'red', Success: 'green' };
const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** spec §8: Error or Success by the row's results, then each error (and the event's state while it is not done). */
function StatusCell({ log }: { log: WebhookLog }) {
  const status = webhookLogStatus(log);
  return (
    <Stack gap="1" align="flex-start">
      <Badge colorPalette={statusPalette[status]}>{status}</Badge>
      {log.state !== 'processed' && log.state !== 'failed' && (
        <Text textStyle="xs" color="fg.muted">
          {log.state}
        </Text>
      )}
      {log.webhookLogResults.errors.map((error, index) => (
        <TruncatedText key={index} textStyle="xs" color="fg.error" maxW="20rem">
          {error}
        </TruncatedText>
      ))}
    </Stack>
  );
}

/** The webhook log table's columns (spec §3 "Webhook log"). */
export const webhookLogColumns: readonly DataColumn<WebhookLog>[] = [
  { header: 'Time', cell: (log) => formatDateTime(log.createdAt), cellProps: { whiteSpace: 'nowrap' } },
  { header: 'User', cell: (log) => log.user.email },
  { header: 'Webhook', cell: (log) => orDash(log.webhookId) },
  { header: 'Event type', cell: (log) => orDash(log.smartleadPayload.payload.event_type ?? log.eventType) },
  { header: 'To', cell: (log) => orDash(log.smartleadPayload.payload.to_email) },
  { header: 'From', cell: (log) => orDash(log.smartleadPayload.payload.from_email) },
  { header: 'Subject', cell: (log) => <TruncatedText>{orDash(log.smartleadPayload.payload.subject)}</TruncatedText> },
  { header: 'Status', cell: (log) => <StatusCell log={log} /> },
];
