import { Box, Heading, Stack } from '@chakra-ui/react';

/** The body as received, indented when it is JSON; kept closed until asked for (payloads can be long). */
export function formatPayload(
  rawBody: string | null,
  event: Record<string, unknown> | null,
): string {
  if (rawBody === null)
    return event === null ? 'Nothing was kept of the body.' : JSON.stringify(event, null, 2);
  try {
    return JSON.stringify(JSON.parse(rawBody), null, 2);
  } catch {
    return rawBody;
  }
}

export function EventPayload({
  rawBody,
  event,
}: {
  rawBody: string | null;
  event: Record<string, unknown> | null;
}) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Received payload
      </Heading>
      <details>
        <summary>Show the payload</summary>
        <Box
          as="pre"
          mt="2"
          p="3"
          bg="bg.muted"
          rounded="md"
          fontSize="xs"
          overflow="auto"
          maxH="24rem"
          whiteSpace="pre-wrap"
          wordBreak="break-word"
        >
          {formatPayload(rawBody, event)}
        </Box>
      </details>
    </Stack>
  );
}
