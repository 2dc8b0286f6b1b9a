import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { errorToast } from '../rules/toast.js';
import { useHost } from './host-context.js';
import { LoadError } from './query-states.js';

/** What shows while the code loads, and instead of the component when it could not be loaded. */
export interface LazyWithRetryStates<P> {
  loading?: ReactNode;
  /** `retry` loads the code again; leaving (unmounting) and coming back does too. */
  failed: (props: P, retry: () => void) => ReactNode;
}

/**
 * A component whose code loads when it first renders, in a chunk of its own. React.lazy keeps a failed
 * import failed for the page's life (a deploy replaced the chunk, the network dropped); this one
 * forgets the failure, so the next try imports again. Loaded once, it renders at once everywhere.
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<ComponentType<P>>,
  states: LazyWithRetryStates<P>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function LazyWithRetry(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Component) return;
      let mounted = true;
      start().then(
        (component) => mounted && setComponent(() => component),
        () => mounted && setFailed(true),
      );
      return () => {
        mounted = false;
      };
    }, [Component, attempt]);

    if (Component) return <Component {...props} />;
    if (failed)
      return states.failed(props, () => {
        setFailed(false);
        setAttempt((count) => count + 1);
      });
    return <>{states.loading ?? null}</>;
  }
  return LazyWithRetry;
}

/** A section whose code could not be loaded: it says so, with Retry; the rest of the screen works on. */
export function SectionLoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <LoadError title={title} message="Check the connection and try again." onRetry={onRetry} />
  );
}

/** A dialog whose code could not be loaded: an Error toast, and it closes; opening it again imports again. */
export function DialogLoadFailed({ text, onClose }: { text: string; onClose: () => void }) {
  const { notify } = useHost();
  const said = useRef(false);
  useEffect(() => {
    if (said.current) return;
    said.current = true;
    notify(errorToast(text));
    onClose();
  });
  return null;
}
