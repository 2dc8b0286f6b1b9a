import { useEffect } from 'react';
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { registeredRemotes } from './federation';

/** What the Network Information API says where a browser has it (Chromium): not in TypeScript's DOM types. */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** A person who asked to save data, or on a 2G-like connection, downloads an area only when opening it. */
export function prefetchAllowed(connection: Connection | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !['slow-2g', '2g'].includes(connection.effectiveType ?? '');
}

/** After the page has loaded and the main thread is idle (or 5 s at most, on a page that is never idle). */
function whenIdle(run: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run, { timeout: 5_000 })
      : setTimeout(run, 1_000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

let scheduled = false;

/**
 * Once per page, when it is idle after its first load: each area's manifest, remote entry and the
 * chunks of its ./App, through the Module Federation runtime's preload, so a click on another area
 * finds them ready. Best effort: a remote that is down is left to its area's fallback when opened.
 */
export function prefetchRemotesWhenIdle(): void {
  if (scheduled) return;
  scheduled = true;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  if (!prefetchAllowed(connection)) return;
  let tries = 0;
  const prefetch = () => {
    // registered from /remotes.json: not yet if the page went idle before it answered
    const names = registeredRemotes();
    if (names.length === 0) {
      if ((tries += 1) < 10) setTimeout(() => whenIdle(prefetch), 1_000);
      return;
    }
    for (const name of names)
      Promise.resolve()
        .then(() => preloadRemote([{ nameOrAlias: name, exposes: ['./App'], share: false }]))
        .catch((error: unknown) => console.info(`${name} was not prefetched:`, error));
  };
  whenIdle(prefetch);
}

/** In the dashboard's route: its areas are prefetched once the page is idle, whichever page opened first. */
export function PrefetchAreas(): null {
  useEffect(prefetchRemotesWhenIdle, []);
  return null;
}
