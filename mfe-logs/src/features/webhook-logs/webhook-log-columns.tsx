import type { WebhookLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { logStatusPalette, webhookLogStateLine, webhookLogStatus } from 'shared/rules/logs';
import { CellBadge, CellLines, CellText } from '../../lib/log-list/cell-text';
import type { LogColumn } from '../../lib/log-list/log-column';

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/**
 * spec §8: Error or Success by the row's results (Held for an event the category-based filter holds,
 * Waiting for one not yet written, with its place in line: issue 55), then
 * the first result line (every one on hover, all in the row's detail) and the event's state while it is
 * not done: three lines at most.
 */
function StatusCell({ log }: { log: WebhookLog }) {
  const status = webhookLogStatus(log);
  const [first, ...more] = log.webhookLogResults.errors;
  const done = log.state === 'processed' || log.state === 'failed' || log.state === 'held';
  return (
    <CellLines spaced>
      <CellBadge palette={logStatusPalette[status]}>{status}</CellBadge>
      {!done && (
        <CellText small tone="muted">
          {webhookLogStateLine(log)}
        </CellText>
      )}
      {first !== undefined && (
        <CellText
          small
          tone={status === 'Error' ? 'error' : 'muted'}
          title={log.webhookLogResults.errors.join('\n')}
        >
          {more.length > 0 ? `${first} (+${more.length} more)` : first}
        </CellText>
      )}
    </CellLines>
  );
}

/** The webhook log table's columns (spec §3 "Webhook log"), by priority: what a person scans first stays at 1280 px. */
export const webhookLogColumns: readonly LogColumn<WebhookLog>[] = [
  { header: 'Time', cell: (log) => formatDateTime(log.createdAt), width: '11rem' },
  { header: 'User', cell: (log) => log.user.email, priority: 2 },
  { header: 'Webhook', cell: (log) => orDash(log.webhookId), width: '5.5rem', priority: 3 },
  {
    header: 'Event type',
    cell: (log) => orDash(log.smartleadPayload.payload.event_type ?? log.eventType),
    width: '10rem',
  },
  { header: 'To', cell: (log) => orDash(log.smartleadPayload.payload.to_email) },
  { header: 'From', cell: (log) => orDash(log.smartleadPayload.payload.from_email), priority: 3 },
  { header: 'Subject', cell: (log) => orDash(log.smartleadPayload.payload.subject) },
  { header: 'Status', cell: (log) => <StatusCell log={log} />, width: '14rem' },
];
