import type { CategoryBaseFilterLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { CellBadge, CellLines, CellText } from '../../lib/log-list/cell-text';
import type { LogColumn } from '../../lib/log-list/log-column';

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** The category-base-filter log table's columns (spec §3 "Category base filter log"): the event, its categories and whether it was let through. */
export const categoryBaseFilterLogColumns: readonly LogColumn<CategoryBaseFilterLog>[] = [
  { header: 'Time', cell: (log) => formatDateTime(log.created_at), nowrap: true },
  {
    header: 'Webhook',
    cell: (log) => (
      <CellLines>
        <CellText>{orDash(log.webhook_id)}</CellText>
        {log.webhook_url && (
          <CellText truncate small tone="muted">
            {log.webhook_url}
          </CellText>
        )}
      </CellLines>
    ),
  },
  { header: 'Event type', cell: (log) => orDash(log.webhook_event ?? log.dto.event_type) },
  { header: 'Campaign', cell: (log) => orDash(log.campaign_id) },
  { header: 'Lead', cell: (log) => orDash(log.lead_id) },
  { header: 'Filter categories', cell: (log) => orDash(log.smartlead_base_categories.join(', ')) },
  { header: 'Lead category', cell: (log) => orDash(log.category_name) },
  { header: 'To', cell: (log) => orDash(log.dto.to_email), breakAnywhere: true },
  { header: 'From', cell: (log) => orDash(log.dto.from_email), breakAnywhere: true },
  { header: 'Subject', cell: (log) => <CellText truncate>{orDash(log.dto.subject)}</CellText> },
  {
    header: 'Sent',
    cell: (log) => (log.sent_at ? formatDateTime(log.sent_at) : <CellBadge>Held</CellBadge>),
    nowrap: true,
  },
];
