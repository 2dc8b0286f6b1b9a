import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { profileNotFound } from '../../presenters/crm-profiles.js';
import { contactProperties } from '../../services/contact-properties.js';
import { findCrmProfile } from '../../services/crm-profiles.js';
import {
  crmPropertiesOf,
  hubspotListsOf,
  salesforceListsOf,
  salesforcePermissionSetsOf,
  salesforceReportFieldsOf,
} from '../../services/crm-lookups.js';
import { createCustomFields } from '../../services/salesforce-custom-fields.js';

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
        await findCrmProfile(deps, params.id, 'HUBSPOT'),
        profileNotFound('HUBSPOT'),
      );
      return hubspotListsOf(deps, profile);
    },
  });

  contractRoute(app, 'listCrmProperties', {
    handler: async ({ params, query, access }) => {
      const profile = access.require(await findCrmProfile(deps, params.id), profileNotFound());
      return crmPropertiesOf(deps, profile, query.type);
    },
  });

  contractRoute(app, 'listHubspotContactProperties', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findCrmProfile(deps, params.userId, 'HUBSPOT'),
        profileNotFound('HUBSPOT'),
      );
      return contactProperties(deps, profile);
    },
  });

  contractRoute(app, 'listSalesforceLists', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findCrmProfile(deps, params.id, 'SALESFORCE'),
        profileNotFound('SALESFORCE'),
      );
      return salesforceListsOf(deps, profile);
    },
  });

  contractRoute(app, 'listSalesforceReportFields', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findCrmProfile(deps, params.id, 'SALESFORCE'),
        profileNotFound('SALESFORCE'),
      );
      return salesforceReportFieldsOf(deps, profile, params.reportId);
    },
  });

  contractRoute(app, 'listSalesforcePermissions', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findCrmProfile(deps, params.userProfileId, 'SALESFORCE'),
        profileNotFound('SALESFORCE'),
      );
      return salesforcePermissionSetsOf(deps, profile);
    },
  });

  contractRoute(app, 'createSalesforceProperties', {
    handler: async ({ body, access }) => {
      const profile = access.require(
        await findCrmProfile(deps, body.userProfileId, 'SALESFORCE'),
        profileNotFound('SALESFORCE'),
      );
      return createCustomFields(deps, profile, body);
    },
  });
};
