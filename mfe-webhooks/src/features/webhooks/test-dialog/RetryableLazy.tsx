import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Button, HStack, Spinner, Text } from '@chakra-ui/react';

class LoadBoundary extends Component<{ fallback: (error: unknown) => ReactNode; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export interface RetryableLazyProps<P extends object> {
  /** Imports the part: called when it first renders, and again on Retry. */
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  loading: string;
  failed: string;
}

/**
 * A part of the screen loaded on demand. React.lazy keeps a failed import failed, so Retry makes a new
 * lazy component (and a new boundary) that imports again.
 */
export function RetryableLazy<P extends object>({ load, props, loading, failed }: RetryableLazyProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // a new lazy per attempt is the point: `attempt` is what makes the import run again
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Part = useMemo(() => lazy(load), [attempt]);
  return (
    <LoadBoundary
      key={attempt}
      fallback={() => (
        <HStack role="alert" gap="3">
          <Text>{failed}</Text>
          <Button size="sm" variant="outline" onClick={() => setAttempt((count) => count + 1)}>
            Retry
          </Button>
        </HStack>
      )}
    >
      <Suspense
        fallback={
          <HStack role="status" gap="2">
            <Spinner size="sm" />
            <Text>{loading}</Text>
          </HStack>
        }
      >
        <Part {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
