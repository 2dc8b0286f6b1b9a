import { Stack, Text } from '@chakra-ui/react';
import type { Webhook } from 'shared/contract';
import { platformRegistrationLine } from './rules';

/** The webhook's URL, and under it where and when it was registered on its platform. */
export function WebhookUrlCell({ webhook }: { webhook: Webhook }) {
  const registered = platformRegistrationLine(webhook);
  return (
    <Stack gap="1">
      <Text fontFamily="mono" fontSize="xs">
        {webhook.webhookUrl}
      </Text>
      {registered !== null && (
        <Text fontSize="xs" color="fg.muted">
          {registered}
        </Text>
      )}
    </Stack>
  );
}
