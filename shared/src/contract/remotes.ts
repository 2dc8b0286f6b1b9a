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
 * Served by the api at /remotes.json from its configuration and read by the shell at start:
 * which remote lives where (manifest URL), and the links the shell shows.
 */
export const runtimeConfig = z.object({
  remotes: z.array(z.object({ name: remoteName, entry: z.string().url() })),
  supportEmail: z.string(),
  knowledgeBaseUrl: z.string(),
  statusPageUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
