import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteName, RuntimeConfig } from 'shared/contract';
import { loadWithFallback, type RemoteFallbackUsed } from './load-with-fallback';
import { setRunningVersion } from '../../lib/running-versions';

let entries = new Map<RemoteName, RemoteEntry>();

/** A remote whose server accepts the connection but never answers gets its fallback after this long. */
export const REMOTE_LOAD_TIMEOUT_MS = 15_000;

type RemoteAppModule = { default: unknown; hostContractRange?: unknown };

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} did not load within ${ms / 1000} s`)),
      ms,
    );
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** Registers the remotes named in /remotes.json with the Module Federation runtime. */
export function registerRuntimeRemotes(config: RuntimeConfig): void {
  entries = new Map(config.remotes.map((remote) => [remote.name, remote]));
  registerRemotes(config.remotes.map(({ name, entry }) => ({ name, entry })));
  for (const { name, version } of config.remotes) setRunningVersion(name, version);
}

/** The remotes registered from /remotes.json. */
export function registeredRemotes(): RemoteName[] {
  return [...entries.keys()];
}

/**
 * `<name>/App` from the manifest at `entry`. `force` registers the remote again, which drops the
 * runtime's cached failure (a retry) or points the name at another build (a fallback).
 */
async function loadApp(name: RemoteName, entry: string, force: boolean): Promise<RemoteAppModule> {
  if (force) registerRemotes([{ name, entry }], { force: true });
  const module = await withTimeout(
    loadRemote<RemoteAppModule>(`${name}/App`),
    REMOTE_LOAD_TIMEOUT_MS,
    name,
  );
  if (!module) throw new Error(`${name} did not load`);
  return module;
}

/**
 * Loads a remote's bridged App; when its build fails to load, the previous good build that
 * /remotes.json names instead (`onFallback` hears of it). A retry fetches the manifest anew.
 */
export async function loadRemoteApp(
  name: RemoteName,
  retry: boolean,
  onFallback?: (used: RemoteFallbackUsed) => void,
): Promise<RemoteAppModule> {
  const remote = entries.get(name);
  if (!remote) throw new Error(`${name} is not configured in /remotes.json`);
  const { fallback } = remote;
  return loadWithFallback(
    name,
    { version: remote.version, load: () => loadApp(name, remote.entry, retry) },
    fallback && { version: fallback.version, load: () => loadApp(name, fallback.entry, true) },
    (used) => {
      setRunningVersion(name, used.used);
      onFallback?.(used);
    },
  );
}
