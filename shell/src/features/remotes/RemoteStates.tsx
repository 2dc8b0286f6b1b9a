import { useEffect } from 'react';
import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { HostContractTooOld } from './host-contract-check';

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

/**
 * Shown in place of one area whose remote could not load; the rest of the dashboard keeps working.
 * It says what a person can do; the runtime's own message goes to the console for whoever debugs it.
 */
export function RemoteFallback({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  useEffect(() => console.error(`${title} could not be loaded:`, error), [title, error]);
  if (error instanceof HostContractTooOld) return <NeedsNewerDashboard title={title} />;
  return (
    <Alert.Root status="error" role="alert" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title} is unavailable right now</Alert.Title>
        <Alert.Description>
          <Text>This part of the dashboard could not be loaded; everything else still works.</Text>
          <Text mt="1">
            Press Retry in a moment. If it keeps failing, use Email support in the menu.
          </Text>
        </Alert.Description>
        <Button mt="3" size="sm" onClick={onRetry} alignSelf="flex-start">
          Retry
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

/** A remote built for a newer dashboard than this page: reloading brings the newer dashboard once it is deployed. */
function NeedsNewerDashboard({ title }: { title: string }) {
  return (
    <Alert.Root status="warning" role="alert" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title} needs a newer dashboard</Alert.Title>
        <Alert.Description>
          <Text>
            This version of {title} was built for a newer dashboard than the one open here;
            everything else still works.
          </Text>
          <Text mt="1">
            Reload the page later. If it keeps showing, use Email support in the menu.
          </Text>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
