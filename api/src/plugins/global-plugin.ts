import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its hooks, decorators and
 * handlers apply to the whole app.
 */
export function globalPlugin<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
