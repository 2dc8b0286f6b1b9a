import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from 'shared/contract';

let entries = new Map<RemoteName, string>();

/** A remote whose server accepts the connection but never answers gets its fallback after this long. */
export const REMOTE_LOAD_TIMEOUT_MS = 15_000;

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
  entries = new Map(config.remotes.map((remote) => [remote.name, remote.entry]));
  registerRemotes(config.remotes.map(({ name, entry }) => ({ name, entry })));
}

/** The remotes registered from /remotes.json. */
export function registeredRemotes(): RemoteName[] {
  return [...entries.keys()];
}

/**
 * Loads a remote's bridged App. A retry registers the remote again with `force`, which drops the
 * runtime's cached failure, so the manifest is fetched anew.
 */
export async function loadRemoteApp(
  name: RemoteName,
  retry: boolean,
): Promise<{ default: unknown; hostContractRange?: unknown }> {
  const entry = entries.get(name);
  if (!entry) throw new Error(`${name} is not configured in /remotes.json`);
  if (retry) registerRemotes([{ name, entry }], { force: true });
  const module = await withTimeout(
    loadRemote<{ default: unknown; hostContractRange?: unknown }>(`${name}/App`),
    REMOTE_LOAD_TIMEOUT_MS,
    name,
  );
  if (!module) throw new Error(`${name} did not load`);
  return module;
}
