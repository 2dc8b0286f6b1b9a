import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../http/http-error.js';
import { offeredDeployToken } from './deploy-token.js';
import { globalPlugin } from './global-plugin.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Paths whose unsafe calls must come from the dashboard's own origin (or an allowed one). /oidc and /webhooks are not here; the signed-in test URL is. */
const guardedPrefixes = ['/api', '/auth', '/oauth', '/webhooks/test'];

const isUnder = (path: string, prefix: string): boolean =>
  path === prefix || path.startsWith(`${prefix}/`);

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function isGuarded(request: FastifyRequest): boolean {
  const candidates = [decodedPath(request.url), request.routeOptions.url ?? ''];
  return candidates.some((path) => guardedPrefixes.some((prefix) => isUnder(path, prefix)));
}

export interface OriginCheckOptions extends Record<string, unknown> {
  publicOrigin: string;
  allowedOrigins: string[];
}

/**
 * Cross-site request forgery defence: POST, PUT, PATCH and DELETE on /api, /auth and /oauth need an
 * Origin header naming the dashboard's origin or one of ALLOWED_ORIGINS. Those extra origins also get
 * CORS with credentials (a remote running standalone on its own port).
 */
export const originCheckPlugin = globalPlugin<OriginCheckOptions>(
  async (app, { publicOrigin, allowedOrigins }) => {
    const trusted = new Set([publicOrigin, ...allowedOrigins]);
    const corsOrigins = new Set(allowedOrigins);

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = request.headers.origin;
      if (origin !== undefined && corsOrigins.has(origin)) {
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-allow-credentials', 'true');
        reply.header('vary', 'Origin');
        if (
          request.method === 'OPTIONS' &&
          request.headers['access-control-request-method'] !== undefined
        ) {
          reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
          reply.header(
            'access-control-allow-headers',
            request.headers['access-control-request-headers'] ?? 'content-type, accept',
          );
          reply.header('access-control-max-age', '600');
          return reply.status(204).send();
        }
      }
      if (!unsafeMethods.has(request.method) || !isGuarded(request)) return;
      // A call bearing the deploy token carries no cookie a foreign page could ride on: no forgery to stop.
      if (offeredDeployToken(request) !== undefined) return;
      if (origin === undefined || origin === '') throw forbidden('Missing Origin header');
      if (!trusted.has(origin)) throw forbidden('Cross-origin request refused');
    });
  },
);
