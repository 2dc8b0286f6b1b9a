import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { hubspotError } from './errors.js';
import type { HubSpotState } from './state.js';

const ownerScopes = ['crm.objects.owners.read'];

/** Owners v3: the portal's users who can own records; filter by email, page with after. */
export function hubspotOwnerRoutes(app: FastifyInstance, ctx: ProviderContext<HubSpotState>): void {
  app.get<{ Querystring: { email?: string; limit?: string; after?: string; archived?: string } }>(
    '/crm/v3/owners',
    { config: { hubspotScopes: ownerScopes } },
    async (request) => {
      const { email } = request.query;
      const archived = request.query.archived === 'true';
      const owners = ctx.state.owners.filter(
        (owner) =>
          owner.archived === archived &&
          (email === undefined || owner.email.toLowerCase() === email.toLowerCase()),
      );
      const limit = Math.min(500, Math.max(1, Number(request.query.limit ?? 100) || 100));
      const offset = Math.max(0, Number(request.query.after ?? 0) || 0);
      const page = owners.slice(offset, offset + limit);
      return {
        results: page,
        ...(offset + limit < owners.length
          ? {
              paging: {
                next: {
                  after: String(offset + limit),
                  link: `${ctx.baseUrl}/crm/v3/owners?after=${offset + limit}`,
                },
              },
            }
          : {}),
      };
    },
  );

  app.get<{ Params: { ownerId: string } }>(
    '/crm/v3/owners/:ownerId',
    { config: { hubspotScopes: ownerScopes } },
    async (request, reply) => {
      const owner = ctx.state.owners.find(
        (candidate) =>
          candidate.id === request.params.ownerId ||
          String(candidate.userId) === request.params.ownerId,
      );
      return (
        owner ??
        reply
          .code(404)
          .send(hubspotError('OBJECT_NOT_FOUND', `Owner ${request.params.ownerId} does not exist`))
      );
    },
  );
}
