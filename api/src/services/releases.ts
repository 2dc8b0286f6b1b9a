import {
  remoteNames,
  type PublishedVersion,
  type ReleaseArea,
  type ReleaseFallbackCount,
  type ReleasePublication,
  type RemoteName,
} from 'shared/contract';
import { z } from 'zod';
import { sharedRequirement } from 'shared/contract';
import type { Deps } from '../deps.js';
import { readJson, writeJson } from '../repositories/json-text.js';
import {
  changeAreaState,
  countReleaseFallback,
  findReleaseVersion,
  insertReleaseVersion,
  listReleaseAreas,
  listReleaseEvents,
  listReleaseVersions,
  type AreaState,
  type ReleaseAreaRow,
  type ReleaseEventRow,
  type ReleaseVersionRow,
} from '../repositories/releases.js';
import { conflict, notFound } from './domain-errors.js';
import { liveDashboard } from './live-dashboard.js';
import {
  releaseConflicts,
  rollbackTarget,
  type BuildNeeds,
  type LiveChange,
} from './release-rules.js';

export type ReleaseDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

/** Who changes a release: an admin (their email) or the release command's deploy token. */
export type Releaser = { kind: 'user'; email: string } | { kind: 'deploy token' };
/** A call's releaser: its signed-in user, or none when it bore the deploy token. */
export const releaserOf = (user: { email: string } | null): Releaser =>
  user ? { kind: 'user', email: user.email } : { kind: 'deploy token' };
const nameOf = (releaser: Releaser): string =>
  releaser.kind === 'user' ? releaser.email : 'deploy token';

const requirements = z.array(sharedRequirement);
const names = z.array(z.string());

const versionView = (row: ReleaseVersionRow): PublishedVersion => ({
  version: row.version,
  manifestUrl: row.manifest_url,
  publishedBy: row.published_by,
  publishedAt: row.published_at,
  shared: readJson(row.shared_requirements, requirements, []),
  operations: readJson(row.operations, names, []),
  hostContract: row.host_contract,
  fallbacks: row.fallbacks,
});

const stateOf = (row: ReleaseAreaRow | undefined): AreaState => ({
  liveVersion: row?.live_version ?? null,
  canaryVersion: row?.canary_version ?? null,
  canaryPercent: row?.canary_percent ?? null,
});

function areaView(
  area: RemoteName,
  rows: { versions: ReleaseVersionRow[]; areas: ReleaseAreaRow[]; events: ReleaseEventRow[] },
): ReleaseArea {
  const state = stateOf(rows.areas.find((row) => row.area === area));
  return {
    area,
    live: state.liveVersion,
    canary:
      state.canaryVersion === null
        ? null
        : { version: state.canaryVersion, percent: state.canaryPercent ?? 0 },
    versions: rows.versions.filter((row) => row.area === area).map(versionView),
    history: rows.events
      .filter((row) => row.area === area)
      .map(({ action, version, actor, at }) => ({
        action: action as LiveChange['action'],
        version,
        actor,
        at,
      })),
  };
}

async function registry(deps: ReleaseDeps) {
  const [versions, areas, events] = await Promise.all([
    listReleaseVersions(deps.db),
    listReleaseAreas(deps.db),
    listReleaseEvents(deps.db),
  ]);
  return { versions, areas, events };
}

/** Every area of the Releases page: live version, canary, published versions and history. */
export async function listReleases(deps: ReleaseDeps): Promise<ReleaseArea[]> {
  const rows = await registry(deps);
  return remoteNames.map((area) => areaView(area, rows));
}

export async function releaseArea(deps: ReleaseDeps, area: RemoteName): Promise<ReleaseArea> {
  return areaView(area, await registry(deps));
}

/** 409 naming each conflict when the live dashboard cannot run the build. */
async function gate(
  deps: ReleaseDeps,
  area: RemoteName,
  version: string,
  needs: BuildNeeds,
): Promise<void> {
  const conflicts = releaseConflicts(needs, await liveDashboard(deps.config));
  if (conflicts.length > 0)
    throw conflict(`${area} ${version} cannot run on the live dashboard: ${conflicts.join('; ')}`);
}

async function publishedVersion(
  deps: ReleaseDeps,
  area: RemoteName,
  version: string,
): Promise<PublishedVersion> {
  const row = await findReleaseVersion(deps.db, area, version);
  if (!row) throw notFound(`${area} has no version ${version}`);
  return versionView(row);
}

async function currentState(deps: ReleaseDeps, area: RemoteName): Promise<AreaState> {
  return stateOf((await listReleaseAreas(deps.db)).find((row) => row.area === area));
}

async function record(
  deps: ReleaseDeps,
  releaser: Releaser,
  area: RemoteName,
  state: AreaState,
  change: LiveChange,
): Promise<ReleaseArea> {
  await changeAreaState(deps.db, area, state, {
    ...change,
    actor: nameOf(releaser),
    at: deps.clock.now().toISOString(),
  });
  return releaseArea(deps, area);
}

/** Makes a published version live (the canary is dropped if it was that version). */
async function makeLive(
  deps: ReleaseDeps,
  releaser: Releaser,
  area: RemoteName,
  version: string,
  action: 'activate' | 'rollback' | 'promote',
): Promise<ReleaseArea> {
  const state = await currentState(deps, area);
  const canaryStays = state.canaryVersion !== null && state.canaryVersion !== version;
  return record(
    deps,
    releaser,
    area,
    {
      liveVersion: version,
      canaryVersion: canaryStays ? state.canaryVersion : null,
      canaryPercent: canaryStays ? state.canaryPercent : null,
    },
    { action, version },
  );
}

/**
 * Registers a build (immutable: the same area and version twice is 409) once the gate lets it
 * through, and makes it live unless the publication says otherwise.
 */
export async function publishRelease(
  deps: ReleaseDeps,
  releaser: Releaser,
  area: RemoteName,
  publication: ReleasePublication,
): Promise<ReleaseArea> {
  const needs = {
    shared: publication.shared,
    hostContract: publication.hostContract ?? null,
    operations: publication.operations,
  };
  await gate(deps, area, publication.version, needs);
  const stored = await insertReleaseVersion(deps.db, {
    area,
    version: publication.version,
    manifest_url: publication.manifestUrl,
    shared_requirements: writeJson(needs.shared),
    operations: writeJson(needs.operations),
    host_contract: needs.hostContract,
    published_by: nameOf(releaser),
    published_at: deps.clock.now().toISOString(),
  });
  if (!stored)
    throw conflict(`${area} ${publication.version} is already published: a version never changes`);
  return publication.activate === false
    ? releaseArea(deps, area)
    : makeLive(deps, releaser, area, publication.version, 'activate');
}

/** Makes any published version live (a newer one, or an earlier one), after the gate. */
export async function activateRelease(
  deps: ReleaseDeps,
  releaser: Releaser,
  area: RemoteName,
  version: string,
): Promise<ReleaseArea> {
  const published = await publishedVersion(deps, area, version);
  if ((await currentState(deps, area)).liveVersion === version)
    throw conflict(`${area} ${version} is already live`);
  await gate(deps, area, version, published);
  return makeLive(deps, releaser, area, version, 'activate');
}

/** Goes back to the version live before the current one. */
export async function rollbackRelease(
  deps: ReleaseDeps,
  releaser: Releaser,
  area: RemoteName,
): Promise<ReleaseArea> {
  const history = (await listReleaseEvents(deps.db))
    .filter((row) => row.area === area)
    .reverse()
    .map((row) => ({ action: row.action as LiveChange['action'], version: row.version }));
  const target = rollbackTarget(history);
  if (target === undefined) throw conflict(`${area} has no earlier live version to roll back to`);
  await gate(deps, area, target, await publishedVersion(deps, area, target));
  return makeLive(deps, releaser, area, target, 'rollback');
}

/** Serves a published version to `percent` % of users (the same users every time). */
export async function setReleaseCanary(
  deps: ReleaseDeps,
  releaser: Releaser,
  area: RemoteName,
  canary: { version: string; percent: number },
): Promise<ReleaseArea> {
  const published = await publishedVersion(deps, area, canary.version);
  const state = await currentState(deps, area);
  if (state.liveVersion === null)
    throw conflict(`${area} has no live version yet: activate one before a canary`);
  if (state.liveVersion === canary.version)
    throw conflict(`${area} ${canary.version} is already live`);
  await gate(deps, area, canary.version, published);
  return record(
    deps,
    releaser,
    area,
    { ...state, canaryVersion: canary.version, canaryPercent: canary.percent },
    { action: 'canary', version: canary.version },
  );
}

async function currentCanary(deps: ReleaseDeps, area: RemoteName): Promise<string> {
  const { canaryVersion } = await currentState(deps, area);
  if (canaryVersion === null) throw conflict(`${area} has no canary`);
  return canaryVersion;
}

/** The canary becomes live for everyone. */
export async function promoteReleaseCanary(
  deps: ReleaseDeps,
  releaser: Releaser,
  area: RemoteName,
): Promise<ReleaseArea> {
  const version = await currentCanary(deps, area);
  return makeLive(deps, releaser, area, version, 'promote');
}

/** Everyone goes back to the live version. */
export async function dropReleaseCanary(
  deps: ReleaseDeps,
  releaser: Releaser,
  area: RemoteName,
): Promise<ReleaseArea> {
  const version = await currentCanary(deps, area);
  const state = await currentState(deps, area);
  return record(
    deps,
    releaser,
    area,
    { ...state, canaryVersion: null, canaryPercent: null },
    { action: 'drop', version },
  );
}

/** A page could not load `version` of an area and ran the previous good build: counted per version. */
export async function reportReleaseFallback(
  deps: ReleaseDeps,
  area: RemoteName,
  version: string,
): Promise<ReleaseFallbackCount> {
  const fallbacks = await countReleaseFallback(deps.db, area, version);
  if (fallbacks === undefined) throw notFound(`${area} has no version ${version}`);
  return { area, version, fallbacks };
}
