import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useHost } from './host-context.js';

/** A screen's title, with the signed-in user's email read from the host contract. */
export function ScreenHeading({ title, children }: { title: string; children?: ReactNode }) {
  const { user } = useHost();
  return (
    <Stack gap="1" mb="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" data-testid="signed-in-email">
        Signed in as {user.details.email}
      </Text>
      {children}
    </Stack>
  );
}
