import type { FastifyPluginAsync } from 'fastify';
import {
  searchHubSpotLists,
  withFreshToken as withHubSpotToken,
} from '../../adapters/hubspot/index.js';
import {
  fetchSalesforceListFields,
  fetchSalesforceLists,
  fetchSalesforceObjectFields,
  fetchSalesforcePermissionSets,
  withFreshToken as withSalesforceToken,
} from '../../adapters/salesforce/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, notFound } from '../../http/http-error.js';
import { profileNotFound } from '../../presenters/crm-profiles.js';
import { findUserProfile } from '../../repositories/user-profiles.js';
import { contactProperties } from '../../services/contact-properties.js';
import { createCustomFields } from '../../services/salesforce-custom-fields.js';

/** The object whose fields GET …/crm-properties answers for a Salesforce profile without ?type= (spec §9: the first object option, CONTACT). */
export const DEFAULT_SALESFORCE_OBJECT = 'Contact';

/**
 * Reads from the connected CRM through the adapters (spec §7 "Integrations and lookups"): HubSpot lists
 * and contact properties (cached per profile for a few minutes), CRM properties per Salesforce object,
 * Salesforce lists, report fields and permission sets, and the custom-field creation. The profile's
 * owner, managers and admins may read; creating fields is for the owner and admins.
 */
export const crmLookupRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listHubspotLists', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findUserProfile(app.db, params.id, 'HUBSPOT'),
        profileNotFound('HUBSPOT'),
      );
      return withHubSpotToken(deps, profile, (connection) => searchHubSpotLists(connection));
    },
  });

  contractRoute(app, 'listCrmProperties', {
    handler: async ({ params, query, access }) => {
      const profile = access.require(await findUserProfile(app.db, params.id), profileNotFound());
      if (profile.crm === 'HUBSPOT') return contactProperties(deps, profile);
      const objectName = query.type ?? DEFAULT_SALESFORCE_OBJECT;
      const fields = await withSalesforceToken(deps, profile, (connection) =>
        fetchSalesforceObjectFields(connection, objectName),
      );
      if (fields === null)
        throw badRequest(`Invalid query: type: Salesforce has no object named ${objectName}`, {
          type: `Salesforce has no object named ${objectName}`,
        });
      return fields;
    },
  });

  contractRoute(app, 'listHubspotContactProperties', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findUserProfile(app.db, params.userId, 'HUBSPOT'),
        profileNotFound('HUBSPOT'),
      );
      return contactProperties(deps, profile);
    },
  });

  contractRoute(app, 'listSalesforceLists', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findUserProfile(app.db, params.id, 'SALESFORCE'),
        profileNotFound('SALESFORCE'),
      );
      return withSalesforceToken(deps, profile, fetchSalesforceLists);
    },
  });

  contractRoute(app, 'listSalesforceReportFields', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findUserProfile(app.db, params.id, 'SALESFORCE'),
        profileNotFound('SALESFORCE'),
      );
      const fields = await withSalesforceToken(deps, profile, (connection) =>
        fetchSalesforceListFields(connection, params.reportId),
      );
      if (fields === null) throw notFound('Salesforce report or list view not found');
      return fields;
    },
  });

  contractRoute(app, 'listSalesforcePermissions', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findUserProfile(app.db, params.userProfileId, 'SALESFORCE'),
        profileNotFound('SALESFORCE'),
      );
      return withSalesforceToken(deps, profile, fetchSalesforcePermissionSets);
    },
  });

  contractRoute(app, 'createSalesforceProperties', {
    handler: async ({ body, access }) => {
      const profile = access.require(
        await findUserProfile(app.db, body.userProfileId, 'SALESFORCE'),
        profileNotFound('SALESFORCE'),
      );
      return createCustomFields(deps, profile, body);
    },
  });
};
