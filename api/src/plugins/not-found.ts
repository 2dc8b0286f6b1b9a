import type { FastifyRequest } from 'fastify';
import type { ErrorBody } from 'shared/contract';
import { globalPlugin } from './global-plugin.js';
import { sendShellIndex } from './shell.js';

/** Paths the single-page app never owns. */
const serverPrefixes = ['/api', '/auth', '/oauth', '/oidc', '/webhooks'];

function wantsShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (serverPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
    return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** Unknown paths: the shell's index.html for a page load (SPA fallback), 404 `{ message }` otherwise. */
export const notFoundPlugin = globalPlugin<{ shellDistDir: string }>(
  async (app, { shellDistDir }) => {
    app.setNotFoundHandler(async (request, reply) => {
      if (wantsShell(request)) return sendShellIndex(reply, shellDistDir);
      const path = (request.url.split('?')[0] ?? '').slice(0, 200);
      return reply
        .status(404)
        .send({ message: `Not found: ${request.method} ${path}` } satisfies ErrorBody);
    });
  },
);
