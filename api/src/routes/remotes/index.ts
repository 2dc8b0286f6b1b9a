import type { FastifyPluginAsync } from 'fastify';
import { runtimeConfig, type RuntimeConfig } from 'shared/contract';
import type { AppConfig } from '../../config.js';
import { sessionUser } from '../../plugins/session.js';
import { remoteEntries } from '../../services/remote-entries.js';

/**
 * GET /remotes.json: where each remote's manifest lives for this visitor (the release registry's
 * live version, or a canary's for the users in its share; the configured URL for an area never
 * released) and the shell's links.
 */
export const remotesRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  app.get('/remotes.json', async (request, reply) => {
    const user = await sessionUser(request);
    const body: RuntimeConfig = runtimeConfig.parse({
      remotes: await remoteEntries(app.deps, user?.id ?? null),
      supportEmail: config.supportEmail,
      knowledgeBaseUrl: config.knowledgeBaseUrl,
      statusPageUrl: config.statusPageUrl,
    });
    // Answers differ per user (canaries): never shared by a cache.
    reply.header('cache-control', 'private, no-cache');
    // read by embed.js on other sites' pages (issue 59), without cookies: the live versions, public URLs
    reply.header('access-control-allow-origin', '*');
    return body;
  });
};
