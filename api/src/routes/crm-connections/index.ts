import type { FastifyPluginAsync } from 'fastify';
import { hubspotApp, hubspotAuthorizeUrl } from '../../adapters/hubspot/index.js';
import { salesforceAuthorizeUrl } from '../../adapters/salesforce/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { notFound } from '../../http/http-error.js';
import {
  profileNotFound,
  toCrmProfile,
  toSalesforceSettings,
} from '../../presenters/crm-profiles.js';
import {
  deleteSalesforceSettings,
  findSalesforceSettings,
  listSalesforceSettingsOfUser,
} from '../../repositories/salesforce-settings.js';
import {
  deleteUserProfile,
  findUserProfile,
  listUserProfilesOfOrganization,
  listUserProfilesOfUser,
} from '../../repositories/user-profiles.js';
import { forgetContactProperties } from '../../services/contact-properties.js';
import {
  checkHubSpotConnections,
  checkSalesforceConnections,
  hubspotConnectionCheck,
  salesforceConnectionCheck,
} from '../../services/crm-connections.js';
import { createSalesforceSettings } from '../../services/salesforce-settings.js';
import { signOAuthState } from '../../services/oauth-state.js';

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
      const hub = hubspotApp(deps.providers);
      const state = signOAuthState(
        app.secretBox,
        { kind: 'hubspot', userId: user.id },
        app.clock.now().getTime(),
      );
      return { url: hubspotAuthorizeUrl(hub, `${app.config.publicUrl}/oauth`, state) };
    },
  });

  contractRoute(app, 'listHubspotProfiles', {
    handler: async ({ user }) => {
      const own = await listUserProfilesOfUser(app.db, user.id, 'HUBSPOT');
      // Everyone sees their organization's profiles; only managers and admins may act on them (canDelete).
      const colleagues =
        user.organizationId === null
          ? []
          : await listUserProfilesOfOrganization(app.db, user.organizationId, 'HUBSPOT');
      return {
        auth0Profiles: own.map((profile) => toCrmProfile(profile, user)),
        organizationProfiles: colleagues
          .filter((profile) => profile.userId !== user.id)
          .map((profile) => toCrmProfile(profile, user)),
      };
    },
  });

  contractRoute(app, 'checkHubspotConnectedAccount', {
    handler: async ({ user }) =>
      hubspotConnectionCheck(await checkHubSpotConnections(deps, user.id)),
  });

  contractRoute(app, 'deleteHubspotProfile', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findUserProfile(app.db, params.id, 'HUBSPOT'),
        profileNotFound('HUBSPOT'),
      );
      if (!(await deleteUserProfile(app.db, profile.id)))
        throw notFound(profileNotFound('HUBSPOT'));
      forgetContactProperties(deps, profile.id);
      return { id: profile.id };
    },
  });

  contractRoute(app, 'checkSalesforceConnectedAccount', {
    handler: async ({ user }) =>
      salesforceConnectionCheck(await checkSalesforceConnections(deps, user.id)),
  });

  contractRoute(app, 'listSalesforceSettings', {
    handler: async ({ user }) =>
      (await listSalesforceSettingsOfUser(app.db, user.id)).map(toSalesforceSettings),
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
        await findSalesforceSettings(app.db, params.id),
        SETTINGS_NOT_FOUND,
      );
      if (!(await deleteSalesforceSettings(app.db, settings.id)))
        throw notFound(SETTINGS_NOT_FOUND);
      return { id: settings.id };
    },
  });

  contractRoute(app, 'getSalesforceSettings', {
    handler: async ({ user, params, reply, access }) => {
      const settings = access.require(
        await findSalesforceSettings(app.db, params.id),
        SETTINGS_NOT_FOUND,
      );
      reply.header('cache-control', 'no-store');
      const state = signOAuthState(
        app.secretBox,
        { kind: 'salesforce', userId: user.id, settingsId: settings.id },
        app.clock.now().getTime(),
      );
      return {
        id: settings.id,
        domain: settings.domain,
        consumer_key: settings.consumerKey,
        authorizeUrl: salesforceAuthorizeUrl(
          deps.providers,
          settings.domain,
          settings.consumerKey,
          `${app.config.publicUrl}/oauth/salesforce`,
          state,
        ),
      };
    },
  });
};
