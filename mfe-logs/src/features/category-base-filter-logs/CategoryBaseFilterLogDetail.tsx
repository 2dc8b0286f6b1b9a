import { Badge, Stack } from '@chakra-ui/react';
import type { CategoryBaseFilterLog } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { logStatusPalette } from 'shared/rules/logs';
import { LogFacts, type LogFact } from '../../lib/log-list/LogFacts';

const orDash = (value: string | number | null) =>
  value === null || value === '' ? '—' : String(value);

/** One category-base-filter log row in full, the content of its detail panel: every field the table has no room for at 1280 px. */
export function CategoryBaseFilterLogDetail({ log }: { log: CategoryBaseFilterLog }) {
  const facts: LogFact[] = [
    ['Time', formatDateTime(log.created_at)],
    ['Webhook ID', orDash(log.webhook_id)],
    ['Webhook URL', orDash(log.webhook_url)],
    ['Event type', orDash(log.webhook_event ?? log.dto.event_type)],
    ['Campaign', orDash(log.campaign_id)],
    ['Lead', orDash(log.lead_id)],
    ['Filter categories', orDash(log.smartlead_base_categories.join(', '))],
    ['Lead category', orDash(log.category_name)],
    ['To', orDash(log.dto.to_email)],
    ['From', orDash(log.dto.from_email)],
    ['Subject', orDash(log.dto.subject)],
    ['Sent', log.sent_at ? formatDateTime(log.sent_at) : 'Not yet: held'],
  ];
  return (
    <Stack gap="5">
      {log.sent_at ? (
        <Badge alignSelf="start" colorPalette={logStatusPalette.Success}>
          Sent
        </Badge>
      ) : (
        <Badge alignSelf="start" colorPalette={logStatusPalette.Held}>
          Held
        </Badge>
      )}
      <LogFacts facts={facts} />
    </Stack>
  );
}
