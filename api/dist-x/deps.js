export const createProcessState = () => ({ tokenRefreshes: new Map(), contactProperties: new Map(), writerProperties: new Map(), propertyCreations: new Map() });
/** The dependencies of one process: the api makes its own (plugins/deps.ts), a worker process its own. */
export function createDeps(parts) {
    return { ...parts, providers: parts.providers ?? parts.config.providers, state: parts.state ?? createProcessState() };
}
//# sourceMappingURL=deps.js.map