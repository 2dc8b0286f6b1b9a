import { useEffect, useRef } from 'react';

/**
 * Calls `task` every `intervalMs` while `enabled` and the tab is shown: hidden, it waits; shown again,
 * it runs at once and then on the interval. A run still going when the next is due is not doubled.
 */
export function useWhileVisible(
  task: () => Promise<void>,
  intervalMs: number,
  enabled: boolean,
): void {
  const latest = useRef(task);
  latest.current = task;
  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      latest
        .current()
        .catch(() => undefined)
        .finally(() => {
          running = false;
        });
    };
    const start = () => {
      timer ??= setInterval(run, intervalMs);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') return stop();
      run();
      start();
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [intervalMs, enabled]);
}
