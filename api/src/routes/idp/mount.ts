import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

export interface ProviderMountOptions {
  provider: Provider;
  /** The issuer's path, e.g. /oidc. */
  mountPath: string;
}

/**
 * Hands every request under the mount path to oidc-provider's own (Koa) handler: the path is stripped
 * of the mount path (the original stays in originalUrl), the body is left unread for the provider, and
 * Fastify steps aside (hijack).
 */
export const providerMount: FastifyPluginAsync<ProviderMountOptions> = async (
  app,
  { provider, mountPath },
) => {
  const callback = provider.callback();

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const handler = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(mountPath.length) || '/';
    if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
    void callback(raw, reply.raw);
  };

  app.all(mountPath, handler);
  app.all(`${mountPath}/*`, handler);
};
