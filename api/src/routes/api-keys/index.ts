import type { FastifyPluginAsync } from 'fastify';
import { apiKeyRoutes } from './keys.js';
import { leadCategoryRoutes } from './lead-categories.js';

/** spec §7 "API keys": the keys and their lead categories. */
export const apiKeysRoutes: FastifyPluginAsync = async (app) => {
  await app.register(apiKeyRoutes);
  await app.register(leadCategoryRoutes);
};
