import type { WebhookLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { webhookLogStatus, type LogResultStatus } from 'shared/rules/logs';
import {
  CellBadge,
  CellLines,
  CellText,
  type CellBadgePalette,
} from '../../lib/log-list/cell-text';
import type { LogColumn } from '../../lib/log-list/log-column';

const statusPalette: Record<LogResultStatus, CellBadgePalette> = { Error: 'red', Success: 'green' };
const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** spec §8: Error or Success by the row's results, then each error (and the event's state while it is not done). */
function StatusCell({ log }: { log: WebhookLog }) {
  const status = webhookLogStatus(log);
  return (
    <CellLines spaced>
      <CellBadge palette={statusPalette[status]}>{status}</CellBadge>
      {log.state !== 'processed' && log.state !== 'failed' && (
        <CellText small tone="muted">
          {log.state}
        </CellText>
      )}
      {log.webhookLogResults.errors.map((error, index) => (
        <CellText key={index} truncate small tone="error">
          {error}
        </CellText>
      ))}
    </CellLines>
  );
}

/** The webhook log table's columns (spec §3 "Webhook log"). */
export const webhookLogColumns: readonly LogColumn<WebhookLog>[] = [
  { header: 'Time', cell: (log) => formatDateTime(log.createdAt), nowrap: true },
  { header: 'User', cell: (log) => log.user.email, breakAnywhere: true },
  { header: 'Webhook', cell: (log) => orDash(log.webhookId) },
  {
    header: 'Event type',
    cell: (log) => orDash(log.smartleadPayload.payload.event_type ?? log.eventType),
  },
  {
    header: 'To',
    cell: (log) => orDash(log.smartleadPayload.payload.to_email),
    breakAnywhere: true,
  },
  {
    header: 'From',
    cell: (log) => orDash(log.smartleadPayload.payload.from_email),
    breakAnywhere: true,
  },
  {
    header: 'Subject',
    cell: (log) => <CellText truncate>{orDash(log.smartleadPayload.payload.subject)}</CellText>,
  },
  { header: 'Status', cell: (log) => <StatusCell log={log} /> },
];
