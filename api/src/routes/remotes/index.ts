import type { FastifyPluginAsync } from 'fastify';
import { runtimeConfig, type RuntimeConfig } from 'shared/contract';
import type { AppConfig } from '../../config.js';

/** GET /remotes.json: where each remote's manifest lives and the shell's links, from configuration. */
export const remotesRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const body: RuntimeConfig = runtimeConfig.parse({
    remotes: config.remotes,
    supportEmail: config.supportEmail,
    knowledgeBaseUrl: config.knowledgeBaseUrl,
    statusPageUrl: config.statusPageUrl,
  });
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    // read by embed.js on other sites' pages (issue 59); it names public URLs only
    reply.header('access-control-allow-origin', '*');
    return body;
  });
};
