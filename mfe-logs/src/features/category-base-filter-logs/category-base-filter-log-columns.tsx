import { Badge, Stack, Text } from '@chakra-ui/react';
import type { CategoryBaseFilterLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { TruncatedText, type DataColumn } from 'shared/ui';

const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The category-base-filter log table's columns (spec §3 "Category base filter log"): the event, its categories and whether it was let through. */
export const categoryBaseFilterLogColumns: readonly DataColumn<CategoryBaseFilterLog>[] = [
  { header: 'Time', cell: (log) => formatDateTime(log.created_at), cellProps: { whiteSpace: 'nowrap' } },
  {
    header: 'Webhook',
    cell: (log) => (
      <Stack gap="0">
        <Text>{orDash(log.webhook_id)}</Text>
        {log.webhook_url && (
          <TruncatedText textStyle="xs" color="fg.muted">
            {log.webhook_url}
          </TruncatedText>
        )}
      </Stack>
    ),
  },
  { header: 'Event type', cell: (log) => orDash(log.webhook_event ?? log.dto.event_type) },
  { header: 'Campaign', cell: (log) => orDash(log.campaign_id) },
  { header: 'Lead', cell: (log) => orDash(log.lead_id) },
  { header: 'Filter categories', cell: (log) => orDash(log.smartlead_base_categories.join(', ')) },
  { header: 'Lead category', cell: (log) => orDash(log.category_name) },
  { header: 'To', cell: (log) => orDash(log.dto.to_email) },
  { header: 'From', cell: (log) => orDash(log.dto.from_email) },
  { header: 'Subject', cell: (log) => <TruncatedText>{orDash(log.dto.subject)}</TruncatedText> },
  {
    header: 'Sent',
    cell: (log) => (log.sent_at ? formatDateTime(log.sent_at) : <Badge>Held</Badge>),
    cellProps: { whiteSpace: 'nowrap' },
  },
];
