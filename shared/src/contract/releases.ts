import { z } from 'zod';
import { defineOperations } from './define-operations.js';
import { remoteName } from './remotes.js';

/** A remote's build version: its package version plus the commit it was built from (`0.1.0+abc1234`). */
export const releaseVersion = z
  .string()
  .regex(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)*$/, 'A version is semver: 1.2.3 or 1.2.3+abc1234');

/** One library a build takes from the page (read from its mf-manifest.json). */
export const sharedRequirement = z.object({
  name: z.string().min(1),
  requiredVersion: z.string().min(1),
  /** One instance per page: the shell's copy must satisfy the range (else the remote loads its own). */
  singleton: z.boolean(),
});
export type SharedRequirement = z.infer<typeof sharedRequirement>;

/** Body of POST /api/admin/releases/{area}/versions: what the release command registers. */
export const releasePublication = z.strictObject({
  version: releaseVersion,
  manifestUrl: z.string().url(),
  shared: z.array(sharedRequirement),
  /** The contract operations the build calls (found in its source at build time). */
  operations: z.array(z.string().min(1)),
  /** The host contract range the build needs (`^1.0.0`, its host-contract.json); none before ranges. */
  hostContract: z.string().min(1).optional(),
  /** Make it live at once (the default), or keep it for a canary or a later activation. */
  activate: z.boolean().default(true),
});
export type ReleasePublication = z.input<typeof releasePublication>;

export const publishedVersion = z.object({
  version: z.string(),
  manifestUrl: z.string(),
  publishedBy: z.string(),
  publishedAt: z.string(),
  shared: z.array(sharedRequirement),
  operations: z.array(z.string()),
  hostContract: z.string().nullable(),
  /** How many times a page could not load this version and ran the previous good one instead. */
  fallbacks: z.number().int(),
});
export type PublishedVersion = z.infer<typeof publishedVersion>;

export const releaseActions = ['activate', 'rollback', 'canary', 'promote', 'drop'] as const;

/** Who changed what runs, and when. */
export const releaseEvent = z.object({
  action: z.enum(releaseActions),
  version: z.string(),
  actor: z.string(),
  at: z.string(),
});

export const releaseCanary = z.object({ version: z.string(), percent: z.number().int() });

/** One area of the Releases page: what runs, what is tried on some users, what was published. */
export const releaseArea = z.object({
  area: remoteName,
  live: z.string().nullable(),
  canary: releaseCanary.nullable(),
  /** Newest first. */
  versions: z.array(publishedVersion),
  /** Newest first. */
  history: z.array(releaseEvent),
});
export type ReleaseArea = z.infer<typeof releaseArea>;

export const areaParams = z.object({ area: remoteName });

export const releaseActivation = z.strictObject({ version: releaseVersion });
/** What a form and the api say of a canary share that is not a whole percentage from 1 to 99. */
export const CANARY_PERCENT_MESSAGE = 'The percentage of users is a whole number from 1 to 99';
export const canaryPercent = z
  .number(CANARY_PERCENT_MESSAGE)
  .int(CANARY_PERCENT_MESSAGE)
  .min(1, CANARY_PERCENT_MESSAGE)
  .max(99, CANARY_PERCENT_MESSAGE);
export const canarySetting = z.strictObject({ version: releaseVersion, percent: canaryPercent });

/** Body of a page's report that an area's version failed to load and the shell fell back from it. */
export const releaseFallbackReport = z.strictObject({ version: releaseVersion });
export const releaseFallbackCount = z.object({
  area: remoteName,
  version: z.string(),
  fallbacks: z.number().int(),
});
export type ReleaseFallbackCount = z.infer<typeof releaseFallbackCount>;

export const releaseOperations = defineOperations({
  listReleases: { method: 'GET', path: '/api/admin/releases', response: z.array(releaseArea) },
  publishRelease: {
    method: 'POST',
    path: '/api/admin/releases/{area}/versions',
    params: areaParams,
    body: releasePublication,
    response: releaseArea,
  },
  activateRelease: {
    method: 'PUT',
    path: '/api/admin/releases/{area}/live',
    params: areaParams,
    body: releaseActivation,
    response: releaseArea,
  },
  rollbackRelease: {
    method: 'POST',
    path: '/api/admin/releases/{area}/rollback',
    params: areaParams,
    response: releaseArea,
  },
  setReleaseCanary: {
    method: 'PUT',
    path: '/api/admin/releases/{area}/canary',
    params: areaParams,
    body: canarySetting,
    response: releaseArea,
  },
  promoteReleaseCanary: {
    method: 'POST',
    path: '/api/admin/releases/{area}/canary/promote',
    params: areaParams,
    response: releaseArea,
  },
  dropReleaseCanary: {
    method: 'DELETE',
    path: '/api/admin/releases/{area}/canary',
    params: areaParams,
    response: releaseArea,
  },
  /** Any signed-in page: the live version of an area failed to load and it ran the previous one. */
  reportReleaseFallback: {
    method: 'POST',
    path: '/api/admin/releases/{area}/fallbacks',
    params: areaParams,
    body: releaseFallbackReport,
    response: releaseFallbackCount,
  },
});
