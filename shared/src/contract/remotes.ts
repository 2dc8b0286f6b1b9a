import { z } from 'zod';

/** The remotes the shell loads, served by the api at /remotes.json. */
export const remoteNames = ['mfe_connections', 'mfe_webhooks', 'mfe_blocklists', 'mfe_logs'] as const;
export const remoteName = z.enum(remoteNames);
export type RemoteName = z.infer<typeof remoteName>;

export const remotesConfig = z.object({
  remotes: z.array(z.object({ name: remoteName, entry: z.string().url() })),
});
export type RemotesConfig = z.infer<typeof remotesConfig>;
