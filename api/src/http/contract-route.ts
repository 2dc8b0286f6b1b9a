import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  embedMessages,
  embedTokenCovers,
  operations,
  type OperationName,
  type Operations,
  type ResponseOf,
} from 'shared/contract';
import type { z } from 'zod';
import { authorizeCall, resourceAccess, type ResourceAccess } from '../authz/index.js';
import type { UserRecord } from '../repositories/users.js';
import { asHttpError } from './domain-status.js';
import { forbidden, unauthorized } from './http-error.js';
import { validationError } from './zod-errors.js';

type PartOf<N extends OperationName, K extends string> =
  Operations[N] extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

export interface ContractRouteInput<N extends OperationName, Token extends boolean = false> {
  params: PartOf<N, 'params'>;
  body: PartOf<N, 'body'>;
  query: PartOf<N, 'query'>;
  /** The signed-in user; null only on a route that accepts the deploy token, when the call bore it. */
  user: Token extends true ? UserRecord | null : UserRecord;
  /** The operation's policy for resources with an owner (authz/policy.ts), bound to the user. */
  access: Token extends true ? ResourceAccess | undefined : ResourceAccess;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface ContractRoute<N extends OperationName, Token extends boolean = false> {
  /** Fastify's bodyLimit for this route, when it differs from the server's. */
  bodyLimit?: number;
  /** Also callable with the deployment's deploy token instead of a session (the release command). */
  acceptsDeployToken?: Token;
  handler: (input: ContractRouteInput<N, Token>) => Promise<ResponseOf<N>>;
}

interface AnyOperation {
  method: string;
  path: string;
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
}

/** '/api/admin/dashboard/users/{id}' → '/api/admin/dashboard/users/:id' */
export const toRoutePath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(part, result.error);
  return result.data;
}

/**
 * Registers one operation of the contract (shared/contract `operations`): the session's user is
 * authorized by the operation's policy (authz/policy.ts: role and permission flag, before the request
 * is read; the handler gets `access` for the resource rule), path parameters, query and body are
 * parsed with the operation's schemas (400 with `{ message, errors }` on failure), and the handler's
 * answer is checked against the response schema before it is sent (a mismatch is a 500 whose details
 * only go to the log). A service's DomainError becomes the HTTP error of its kind (400, 403, 404, 409, 503).
 */
export function contractRoute<N extends OperationName, Token extends boolean = false>(
  app: FastifyInstance,
  name: N,
  route: ContractRoute<N, Token>,
): void {
  const operation: AnyOperation = operations[name];
  app.route({
    method: operation.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: toRoutePath(operation.path),
    ...(route.bodyLimit !== undefined ? { bodyLimit: route.bodyLimit } : {}),
    config: { acceptsDeployToken: route.acceptsDeployToken === true },
    handler: async (request, reply) => {
      const user = request.currentUser;
      const byToken = route.acceptsDeployToken === true && request.byDeployToken;
      if (!user && !byToken) throw unauthorized();
      if (request.embedAreas && !embedTokenCovers(request.embedAreas, name))
        throw forbidden(embedMessages.outOfScope);
      if (user) authorizeCall(user, name);
      const input = {
        params: parsePart(operation.params, request.params, 'path parameters'),
        query: parsePart(operation.query, request.query, 'query'),
        body: parsePart(operation.body, request.body, 'body'),
        user,
        access: user ? resourceAccess(user, name) : undefined,
        request,
        reply,
      } as ContractRouteInput<N, Token>;
      const answer = await route.handler(input).catch((error: unknown) => {
        throw asHttpError(error);
      });
      const checked = operation.response.safeParse(answer);
      if (!checked.success) {
        request.log.error(
          { operation: name, issues: checked.error.issues },
          'response does not match the contract',
        );
        throw new Error(`Response of ${name} does not match the contract`);
      }
      return checked.data;
    },
  });
}
