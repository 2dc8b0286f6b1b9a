import type { FastifyPluginAsync } from 'fastify';

/** GET /health: the shell's status widget asks whether the api is up. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
};
