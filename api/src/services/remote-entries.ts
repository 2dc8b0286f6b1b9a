import type { RemoteName, RuntimeConfig } from 'shared/contract';
import { findReleaseVersion, listReleaseAreas } from '../repositories/releases.js';
import type { ReleaseDeps } from './releases.js';
import { inCanary } from './release-rules.js';

/**
 * Where the shell loads each remote from for this user: the manifest of the area's live version
 * (of its canary when the user falls in the canary's share), or the configured MFE_*_URL while the
 * area has no published version, so a fresh checkout runs without a release.
 */
export async function remoteEntries(
  deps: ReleaseDeps,
  userId: number | null,
): Promise<RuntimeConfig['remotes']> {
  const areas = await listReleaseAreas(deps.db);
  return Promise.all(
    deps.config.remotes.map(async ({ name, entry }) => {
      const state = areas.find((row) => row.area === name);
      const version = chosenVersion(name, state, userId);
      const row = version === null ? undefined : await findReleaseVersion(deps.db, name, version);
      return { name, entry: row?.manifest_url ?? entry };
    }),
  );
}

function chosenVersion(
  area: RemoteName,
  state:
    | { live_version: string | null; canary_version: string | null; canary_percent: number | null }
    | undefined,
  userId: number | null,
): string | null {
  if (!state) return null;
  const canary =
    state.canary_version !== null &&
    userId !== null &&
    inCanary(area, userId, state.canary_percent ?? 0);
  return canary ? state.canary_version : state.live_version;
}
