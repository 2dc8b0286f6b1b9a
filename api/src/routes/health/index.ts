import type { FastifyPluginAsync } from 'fastify';
import type { ReadDiskSpace } from '../../services/disk-space.js';
import { checkHealth } from '../../services/health.js';

/**
 * GET /health: the shell's status widget and load balancers ask whether the api can serve (503 when
 * not); the widget also reads the data folder's free space.
 */
export const healthRoutes: FastifyPluginAsync<{ readDiskSpace?: ReadDiskSpace }> = async (
  app,
  { readDiskSpace },
) => {
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const health = await checkHealth(app.deps, app.queue, readDiskSpace);
    return reply.status(health.status === 'ok' ? 200 : 503).send(health);
  });
};
