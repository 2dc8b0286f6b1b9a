import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from 'shared/contract';

let entries = new Map<RemoteName, string>();

/** Registers the remotes named in /remotes.json with the Module Federation runtime. */
export function registerRuntimeRemotes(config: RuntimeConfig): void {
  entries = new Map(config.remotes.map((remote) => [remote.name, remote.entry]));
  registerRemotes(config.remotes.map(({ name, entry }) => ({ name, entry })));
}

/**
 * Loads a remote's bridged App. A retry registers the remote again with `force`, which drops the
 * runtime's cached failure, so the manifest is fetched anew.
 */
export async function loadRemoteApp(name: RemoteName, retry: boolean): Promise<{ default: unknown }> {
  const entry = entries.get(name);
  if (!entry) throw new Error(`${name} is not configured in /remotes.json`);
  if (retry) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<{ default: unknown }>(`${name}/App`);
  if (!module) throw new Error(`${name} did not load`);
  return module;
}
