import type { ComponentType } from 'react';
import { lazyWithRetry, LoadingState, SectionLoadFailed } from 'shared/ui';

/**
 * A log row's detail panel content, loaded when a row is first opened (most visits open none), inside a
 * panel that opens at once and says so, with Retry, when the code could not be loaded.
 */
export function lazyLogDetail<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazyWithRetry(load, {
    loading: <LoadingState label="Loading the details…" />,
    failed: (_props, retry) => (
      <SectionLoadFailed title="The details could not be shown" onRetry={retry} />
    ),
  });
}
