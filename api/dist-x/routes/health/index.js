/** GET /health: the shell's status widget asks whether the api is up. */
export const healthRoutes = async (app) => {
    app.get('/health', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' };
    });
};
//# sourceMappingURL=index.js.map