/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its hooks, decorators and
 * handlers apply to the whole app.
 */
export function globalPlugin(plugin) {
    Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
    return plugin;
}
//# sourceMappingURL=global-plugin.js.map