import { createRequire } from 'node:module';
import { operations } from 'shared/contract';
import { buildOpenApiDocument } from './openapi.js';
/** The api's version (api/package.json; the same two folders up from src/routes/docs and dist/routes/docs). */
function apiVersion() {
    try {
        const pkg = createRequire(import.meta.url)('../../../package.json');
        return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    }
    catch {
        return '0.0.0';
    }
}
/** GET /api/docs/openapi.json: the OpenAPI 3.1 document of the contract (public, like the contract's source). */
export const docsRoutes = async (app, { publicUrl }) => {
    let document;
    app.get('/api/docs/openapi.json', async (_request, reply) => {
        document ??= buildOpenApiDocument(operations, { serverUrl: publicUrl, version: apiVersion() });
        reply.header('cache-control', 'no-cache');
        return document;
    });
};
//# sourceMappingURL=index.js.map