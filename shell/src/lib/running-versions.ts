import { useSyncExternalStore } from 'react';
import type { RemoteName } from 'shared/contract';

/** The version of each area this page runs (undefined: the area's configured, unreleased build). */
export type RunningVersions = ReadonlyMap<RemoteName, string | undefined>;

let running: RunningVersions = new Map();
const listeners = new Set<() => void>();

/** Called with /remotes.json's answer, and again when an area falls back to its previous build. */
export function setRunningVersion(name: RemoteName, version: string | undefined): void {
  running = new Map(running).set(name, version);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The versions this page runs, updated when an area falls back. */
export function useRunningVersions(): RunningVersions {
  return useSyncExternalStore(subscribe, () => running);
}
