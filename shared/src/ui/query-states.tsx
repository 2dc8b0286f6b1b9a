import type { ReactNode } from 'react';
import { Alert, Button, Center, EmptyState, Spinner, Stack, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../client/api-error.js';

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
export function LoadError({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
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

export interface QueryViewProps<T> {
  query: UseQueryResult<T, Error>;
  /** What the spinner says, e.g. "Loading API keys…". */
  loading: string;
  /** The failure's title, e.g. "The API keys could not be loaded"; the server's message and Retry go below it. */
  failed: string;
  /** What shows instead of the data when it is empty (a list without items, unless `isEmpty` says otherwise). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** The query-state ladder every section uses: loading, error (with Retry), empty, then the data. */
const isEmptyList = (data: unknown): boolean => Array.isArray(data) && data.length === 0;

export function QueryView<T>({
  query,
  loading,
  failed,
  empty,
  isEmpty = isEmptyList,
  children,
}: QueryViewProps<T>) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError)
    return (
      <LoadError
        title={failed}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
