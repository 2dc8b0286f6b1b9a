import { EmptyState, Image, VStack } from '@chakra-ui/react';
import { webhookTableTexts } from './rules';
import welcomeImage from './welcome.svg';

/** spec §2: shown when no webhook exists: a welcome message, "Create a webhook to get started" and an image. */
export function WelcomeEmptyState() {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Image
            src={welcomeImage}
            alt="A platform sending events to the CRM through a webhook"
            w="10rem"
          />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{webhookTableTexts.welcome}</EmptyState.Title>
          <EmptyState.Description>{webhookTableTexts.getStarted}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
