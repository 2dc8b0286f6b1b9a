import type { RemoteName } from 'shared/contract';

/** An area whose build failed to load and the previous good build that ran instead. */
export interface RemoteFallbackUsed {
  name: RemoteName;
  /** The version that failed (undefined: the configured build). */
  failed: string | undefined;
  /** The version that runs instead (undefined: the configured build). */
  used: string | undefined;
}

const named = (version: string | undefined) => version ?? 'its configured build';

/**
 * Loads an area's build; when that fails and a previous good build is known, loads that one, says
 * so in the console and tells `onFallback`. The first error stands when the previous build fails too.
 */
export async function loadWithFallback<M>(
  name: RemoteName,
  current: { version?: string; load: () => Promise<M> },
  previous: { version?: string; load: () => Promise<M> } | undefined,
  onFallback: (used: RemoteFallbackUsed) => void,
): Promise<M> {
  try {
    return await current.load();
  } catch (error) {
    if (!previous) throw error;
    console.warn(
      `${name} ${named(current.version)} could not be loaded; falling back to ${named(previous.version)}.`,
      error,
    );
    const module = await previous.load().catch(() => Promise.reject(error));
    onFallback({ name, failed: current.version, used: previous.version });
    return module;
  }
}
