import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';

export function RemoteLoading({ title }: { title: string }) {
  return (
    <Center py="16" aria-busy="true">
      <Stack align="center" gap="3">
        <Spinner size="lg" />
        <Text color="fg.muted">Loading {title}…</Text>
      </Stack>
    </Center>
  );
}

/** Shown in place of one area whose remote could not load; the rest of the dashboard keeps working. */
export function RemoteFallback({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title} is unavailable right now</Alert.Title>
        <Alert.Description>
          <Text>This part of the dashboard could not be loaded. Everything else still works.</Text>
          <Text fontSize="xs" color="fg.muted" mt="1">
            {error.message}
          </Text>
        </Alert.Description>
        <Button mt="3" size="sm" onClick={onRetry} alignSelf="flex-start">
          Retry
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
