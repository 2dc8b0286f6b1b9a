import { Stack } from '@chakra-ui/react';
import { TruncatedText } from 'shared/ui';
import type { Webhook } from 'shared/contract';
import { platformRegistrationLine } from './rules';

/** The webhook's URL, and under it where and when it was registered on its platform. */
export function WebhookUrlCell({ webhook }: { webhook: Webhook }) {
  const registered = platformRegistrationLine(webhook);
  return (
    <Stack gap="1">
      <TruncatedText fontFamily="mono" fontSize="xs" maxW="8rem">
        {webhook.webhookUrl}
      </TruncatedText>
      {registered !== null && (
        <TruncatedText fontSize="xs" color="fg.muted" maxW="8rem">
          {registered}
        </TruncatedText>
      )}
    </Stack>
  );
}
