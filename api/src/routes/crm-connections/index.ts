import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { profileNotFound, toSalesforceSettings } from '../../presenters/crm-profiles.js';
import {
  findSalesforceSettingsById,
  hubspotProfilesOf,
  hubspotSignInUrl,
  removeHubSpotProfile,
  removeSalesforceSettings,
  salesforceSettingsOf,
  salesforceSettingsToConnect,
} from '../../services/crm-connection-views.js';
import {
  checkHubSpotConnections,
  checkSalesforceConnections,
  hubspotConnectionCheck,
  salesforceConnectionCheck,
} from '../../services/crm-connections.js';
import { findCrmProfile } from '../../services/crm-profiles.js';
import { createSalesforceSettings } from '../../services/salesforce-settings.js';

const SETTINGS_NOT_FOUND = 'Salesforce settings not found';

/**
 * The CRM connection screens (spec §7 "Current user and CRM connections"): the HubSpot sign-in link,
 * profiles and connected-account check; Salesforce settings (create, list, delete, connect) and check.
 */
export const crmConnectionRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'getHubspotAuthorizeUrl', {
    handler: async ({ user, reply }) => {
      reply.header('cache-control', 'no-store');
      return { url: hubspotSignInUrl(deps, user) };
    },
  });

  contractRoute(app, 'listHubspotProfiles', {
    handler: ({ user }) => hubspotProfilesOf(deps, user),
  });

  contractRoute(app, 'checkHubspotConnectedAccount', {
    handler: async ({ user }) =>
      hubspotConnectionCheck(await checkHubSpotConnections(deps, user.id)),
  });

  contractRoute(app, 'deleteHubspotProfile', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findCrmProfile(deps, params.id, 'HUBSPOT'),
        profileNotFound('HUBSPOT'),
      );
      await removeHubSpotProfile(deps, profile);
      return { id: profile.id };
    },
  });

  contractRoute(app, 'checkSalesforceConnectedAccount', {
    handler: async ({ user }) =>
      salesforceConnectionCheck(await checkSalesforceConnections(deps, user.id)),
  });

  contractRoute(app, 'listSalesforceSettings', {
    handler: ({ user }) => salesforceSettingsOf(deps, user),
  });

  contractRoute(app, 'createSalesforceSettings', {
    handler: async ({ user, body, reply }) => {
      const created = await createSalesforceSettings(deps, user.id, body);
      reply.status(201);
      return toSalesforceSettings(created);
    },
  });

  contractRoute(app, 'deleteSalesforceSettings', {
    handler: async ({ params, access }) => {
      const settings = access.require(
        await findSalesforceSettingsById(deps, params.id),
        SETTINGS_NOT_FOUND,
      );
      await removeSalesforceSettings(deps, settings);
      return { id: settings.id };
    },
  });

  contractRoute(app, 'getSalesforceSettings', {
    handler: async ({ user, params, reply, access }) => {
      const settings = access.require(
        await findSalesforceSettingsById(deps, params.id),
        SETTINGS_NOT_FOUND,
      );
      reply.header('cache-control', 'no-store');
      return salesforceSettingsToConnect(deps, user, settings);
    },
  });
};
