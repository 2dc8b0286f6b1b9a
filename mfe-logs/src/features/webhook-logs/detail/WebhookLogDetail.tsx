import { Badge, Stack, Text } from '@chakra-ui/react';
import { useOperationQuery } from 'shared/client';
import type { WebhookLogDetail } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { QueryView } from 'shared/ui';
import { LogFacts, type LogFact } from '../../../lib/log-list/LogFacts';
import { EventAttempts } from './EventAttempts';
import { EventDeliveries } from './EventDeliveries';
import { eventPanelTexts } from './event-panel-texts';
import { EventPayload } from './EventPayload';
import { ReplayEvent } from './ReplayEvent';
import { logStatusPalette, webhookLogStatus } from 'shared/rules/logs';

/**
 * What happened to one event, the event panel's content (LogDrawerFrame holds it): when and what was
 * received, each processing step and delivery attempt, and Replay.
 */
export function WebhookLogDetail({ logId }: { logId: number }) {
  const detail = useOperationQuery('getWebhookLog', { params: { id: logId } });
  return (
    <QueryView query={detail} loading={eventPanelTexts.loading} failed={eventPanelTexts.failed}>
      {(log) => <EventDetail log={log} />}
    </QueryView>
  );
}

function EventDetail({ log }: { log: WebhookLogDetail }) {
  const status = webhookLogStatus(log);
  const facts: LogFact[] = [
    ['Received', formatDateTime(log.receivedAt)],
    ['State', log.state],
    ['Platform', log.platform ?? '—'],
    ['Webhook', log.webhookId === null ? '—' : String(log.webhookId)],
    ['User', log.user.email],
    ['Event type', log.smartleadPayload.payload.event_type ?? log.eventType ?? '—'],
    ['Duplicates', String(log.duplicates)],
  ];
  return (
    <Stack gap="5">
      <Stack direction="row" align="center">
        <Badge colorPalette={logStatusPalette[status]}>{status}</Badge>
        {log.isTest && <Badge>Test</Badge>}
      </Stack>
      <LogFacts facts={facts} />
      {log.webhookLogResults.errors.length > 0 && (
        <Stack gap="1" aria-label="Errors" role="list">
          {log.webhookLogResults.errors.map((error, index) => (
            <Text
              key={index}
              role="listitem"
              color={status === 'Error' ? 'fg.error' : 'fg.muted'}
              textStyle="sm"
            >
              {error}
            </Text>
          ))}
        </Stack>
      )}
      <ReplayEvent log={log} />
      <EventAttempts log={log} />
      <EventDeliveries deliveries={log.deliveries} />
      <EventPayload rawBody={log.rawBody} event={log.event} />
    </Stack>
  );
}
