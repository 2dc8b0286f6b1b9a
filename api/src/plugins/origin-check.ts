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

/**
 * A call of an area embedded on another site (issue 59): to /api with an embed token, or its preflight
 * asking to send one. The token is the credential, never a cookie (requireSession), so no page can
 * forge the call: any origin may make it, and read the answer, without credentials.
 */
function isEmbedCall(request: FastifyRequest): boolean {
  if (!isUnder(decodedPath(request.url), '/api')) return false;
  if (request.method === 'OPTIONS')
    return /(^|,)\s*authorization\s*(,|$)/i.test(
      String(request.headers['access-control-request-headers'] ?? ''),
    );
  return /^Bearer /i.test(request.headers.authorization ?? '');
}

async function answerEmbedCors(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
): Promise<void> {
  reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
  if (request.method !== 'OPTIONS') return;
  reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
  reply.header('access-control-allow-headers', 'authorization, content-type, accept');
  reply.header('access-control-max-age', '600');
  return reply.status(204).send();
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
      if (origin !== undefined && !corsOrigins.has(origin) && isEmbedCall(request))
        return answerEmbedCors(request, reply, origin);
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
