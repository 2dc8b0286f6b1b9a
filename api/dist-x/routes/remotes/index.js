import { runtimeConfig } from 'shared/contract';
/** GET /remotes.json: where each remote's manifest lives and the shell's links, from configuration. */
export const remotesRoutes = async (app, { config }) => {
    const body = runtimeConfig.parse({
        remotes: config.remotes,
        supportEmail: config.supportEmail,
        knowledgeBaseUrl: config.knowledgeBaseUrl,
        statusPageUrl: config.statusPageUrl,
    });
    app.get('/remotes.json', async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return body;
    });
};
//# sourceMappingURL=index.js.map