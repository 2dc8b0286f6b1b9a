import type { FastifyPluginAsync } from 'fastify';
import { checkHealth } from '../../services/health.js';

/** GET /health: the shell's status widget and load balancers ask whether the api can serve (503 when not). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const health = await checkHealth(app.deps, app.queue);
    return reply.status(health.status === 'ok' ? 200 : 503).send(health);
  });
};
