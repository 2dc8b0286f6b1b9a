import type { RemoteEntry, RemoteName, RuntimeConfig } from 'shared/contract';
import {
  findReleaseVersion,
  listReleaseAreas,
  listReleaseEvents,
  type ReleaseAreaRow,
} from '../repositories/releases.js';
import type { ReleaseDeps } from './releases.js';
import { inCanary, rollbackTarget, type LiveChange } from './release-rules.js';

type Build = { entry: string; version?: string };

/**
 * Where the shell loads each remote from for this user: the manifest of the area's live version
 * (of its canary when the user falls in the canary's share), or the configured MFE_*_URL while the
 * area has no published version, so a fresh checkout runs without a release. With a release comes
 * the previous good build, which the shell tries when that one fails to load.
 */
export async function remoteEntries(
  deps: ReleaseDeps,
  userId: number | null,
): Promise<RuntimeConfig['remotes']> {
  const [areas, events] = await Promise.all([
    listReleaseAreas(deps.db),
    listReleaseEvents(deps.db),
  ]);
  return Promise.all(
    deps.config.remotes.map(async ({ name, entry }): Promise<RemoteEntry> => {
      const configured: Build = { entry };
      const build = async (version: string | null): Promise<Build | undefined> => {
        if (version === null) return undefined;
        const row = await findReleaseVersion(deps.db, name, version);
        return row && { entry: row.manifest_url, version };
      };
      const state = areas.find((row) => row.area === name);
      const chosen = await build(chosenVersion(name, state, userId));
      if (!chosen) return { name, ...configured };
      const previous =
        chosen.version === state?.live_version
          ? rollbackTarget(changesOf(name, events))
          : state?.live_version;
      return { name, ...chosen, fallback: (await build(previous ?? null)) ?? configured };
    }),
  );
}

/** An area's changes of what runs, oldest first. */
const changesOf = (area: RemoteName, events: Awaited<ReturnType<typeof listReleaseEvents>>) =>
  events
    .filter((row) => row.area === area)
    .reverse()
    .map((row): LiveChange => ({
      action: row.action as LiveChange['action'],
      version: row.version,
    }));

function chosenVersion(
  area: RemoteName,
  state: ReleaseAreaRow | undefined,
  userId: number | null,
): string | null {
  if (!state) return null;
  const canary =
    state.canary_version !== null &&
    userId !== null &&
    inCanary(area, userId, state.canary_percent ?? 0);
  return canary ? state.canary_version : state.live_version;
}
