import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { integrationsOfOrganization, integrationsOfUser } from '../../services/integrations.js';

/**
 * spec §7 "Integrations and lookups": the user's own CRM profiles, and their organization's (the
 * user's own when they belong to no organization).
 */
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listUserIntegrations', {
    handler: ({ user }) => integrationsOfUser(app.deps, user),
  });

  contractRoute(app, 'listOrganizationIntegrations', {
    handler: ({ user }) => integrationsOfOrganization(app.deps, user),
  });
};
