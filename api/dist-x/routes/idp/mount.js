/**
 * Hands every request under the mount path to oidc-provider's own (Koa) handler: the path is stripped
 * of the mount path (the original stays in originalUrl), the body is left unread for the provider, and
 * Fastify steps aside (hijack).
 */
export const providerMount = async (app, { provider, mountPath }) => {
    const callback = provider.callback();
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handler = (request, reply) => {
        reply.hijack();
        const raw = request.raw;
        const url = raw.url ?? '/';
        raw.originalUrl = url;
        raw.url = url.slice(mountPath.length) || '/';
        if (!raw.url.startsWith('/'))
            raw.url = `/${raw.url}`;
        void callback(raw, reply.raw);
    };
    app.all(mountPath, handler);
    app.all(`${mountPath}/*`, handler);
};
//# sourceMappingURL=mount.js.map