import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also accepts the release command's deploy token (Authorization: Bearer). */
    acceptsDeployToken?: boolean;
  }
  interface FastifyRequest {
    /** Set by requireSession when the call came with the deployment's deploy token. */
    byDeployToken: boolean;
  }
}

/** The bearer token of a route that accepts the deploy token, when the call sends one. */
export function offeredDeployToken(request: FastifyRequest): string | undefined {
  if (request.routeOptions.config.acceptsDeployToken !== true) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares in constant time (both sides hashed to one length first); no configured token matches nothing. */
export function isDeployToken(offered: string, configured: string | undefined): boolean {
  return configured !== undefined && timingSafeEqual(digest(offered), digest(configured));
}
