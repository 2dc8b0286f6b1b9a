import { Badge, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Webhook } from 'shared/contract';
import { lastEventSummary, webhookLogsPath, type LastEventOutcome } from './rules';

const palettes: Record<LastEventOutcome, string> = {
  success: 'green',
  error: 'red',
  pending: 'gray',
};

/** When the webhook last received an event and whether it succeeded, linking to the webhook's logs in History. */
export function LastEventCell({ webhook }: { webhook: Webhook }) {
  const { text, outcome, status } = lastEventSummary(webhook.lastEvent);
  if (outcome === null) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {text}
      </Text>
    );
  }
  return (
    <Stack gap="1" align="flex-start">
      <Badge colorPalette={palettes[outcome]} variant="subtle">
        {status}
      </Badge>
      <Link asChild fontSize="sm" variant="underline">
        <RouterLink
          to={webhookLogsPath(webhook.id)}
          aria-label={`Logs of the webhook ${webhook.id}: last event ${text}, ${status}`}
        >
          {text}
        </RouterLink>
      </Link>
    </Stack>
  );
}
