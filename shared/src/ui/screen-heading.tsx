import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A screen's title (and what goes right under it); the screen's own stack spaces it from the rest. */
export function ScreenHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
