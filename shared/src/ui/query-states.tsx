import type { ReactNode } from 'react';
import { Alert, Button, Center, EmptyState, Spinner, Stack, Text } from '@chakra-ui/react';

/** A section still loading: a spinner and what it waits for, announced as a status. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="8" role="status" aria-busy="true">
      <Stack align="center" gap="3">
        <Spinner size="lg" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A failed load degrades its own section only: a title, the server's message and a Retry. */
export function LoadError({ title, message, onRetry, retrying = false }: { title: string; message: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <Alert.Root status="error" role="alert" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
        {onRetry && (
          <Button mt="3" size="sm" onClick={onRetry} loading={retrying} alignSelf="flex-start">
            Retry
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** An empty list's message (and an optional hint below it). */
export function EmptyMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        {children && <EmptyState.Description>{children}</EmptyState.Description>}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
