import type { CategoryBaseFilterLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { logStatusPalette } from 'shared/rules/logs';
import { CellBadge, CellLines, CellText } from '../../lib/log-list/cell-text';
import type { LogColumn } from '../../lib/log-list/log-column';

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/**
 * The category-base-filter log table's columns (spec §3 "Category base filter log"): the event, its
 * categories and whether it was let through, by priority (the rest in the row's detail).
 */
export const categoryBaseFilterLogColumns: readonly LogColumn<CategoryBaseFilterLog>[] = [
  { header: 'Time', cell: (log) => formatDateTime(log.created_at), width: '11rem' },
  {
    header: 'Webhook',
    cell: (log) => (
      <CellLines>
        <CellText>{orDash(log.webhook_id)}</CellText>
        {log.webhook_url && (
          <CellText small tone="muted">
            {log.webhook_url}
          </CellText>
        )}
      </CellLines>
    ),
    priority: 3,
  },
  {
    header: 'Event type',
    cell: (log) => orDash(log.webhook_event ?? log.dto.event_type),
    width: '10rem',
  },
  { header: 'Campaign', cell: (log) => orDash(log.campaign_id), width: '6rem', priority: 3 },
  { header: 'Lead', cell: (log) => orDash(log.lead_id), width: '7rem', priority: 2 },
  {
    header: 'Filter categories',
    cell: (log) => orDash(log.smartlead_base_categories.join(', ')),
    priority: 3,
  },
  { header: 'Lead category', cell: (log) => orDash(log.category_name), width: '9rem' },
  { header: 'To', cell: (log) => orDash(log.dto.to_email) },
  { header: 'From', cell: (log) => orDash(log.dto.from_email), priority: 3 },
  { header: 'Subject', cell: (log) => orDash(log.dto.subject) },
  {
    header: 'Sent',
    cell: (log) =>
      log.sent_at ? (
        formatDateTime(log.sent_at)
      ) : (
        <CellBadge palette={logStatusPalette.Held}>Held</CellBadge>
      ),
    width: '11rem',
  },
];
