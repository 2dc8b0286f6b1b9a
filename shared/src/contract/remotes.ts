import { z } from 'zod';

/** The remotes the shell loads. Module Federation names must be identifiers, hence the underscores. */
export const remoteNames = [
  'mfe_connections',
  'mfe_webhooks',
  'mfe_blocklists',
  'mfe_logs',
] as const;
export const remoteName = z.enum(remoteNames);
export type RemoteName = z.infer<typeof remoteName>;

/**
 * Served by the api at /remotes.json from its release registry (else its configuration) and read by
 * the shell at start:
 * which remote lives where (manifest URL), and the links the shell shows.
 */
export const remoteEntry = z.object({
  name: remoteName,
  entry: z.string().url(),
  /** The release behind `entry`; absent for an area never released (its configured build). */
  version: z.string().optional(),
  /**
   * The previous good build, tried when `entry` fails to load: the version live before the current
   * one (the live one for a canary's users), or the configured build when none was released before.
   */
  fallback: z.object({ entry: z.string().url(), version: z.string().optional() }).optional(),
});
export type RemoteEntry = z.infer<typeof remoteEntry>;

export const runtimeConfig = z.object({
  remotes: z.array(remoteEntry),
  supportEmail: z.string(),
  knowledgeBaseUrl: z.string(),
  statusPageUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
