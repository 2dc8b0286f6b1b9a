import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { CrmProperty, SalesforcePropertiesResult } from 'shared/contract';
import { fetchHubSpotContactProperties, searchHubSpotLists, withFreshToken as withHubSpotToken } from '../../adapters/hubspot/index.js';
import {
  createSalesforceCustomFields,
  fetchSalesforceListFields,
  fetchSalesforceLists,
  fetchSalesforceObjectFields,
  fetchSalesforcePermissionSets,
  salesforcePermissionSetExists,
  SALESFORCE_CUSTOM_FIELDS,
  withFreshToken as withSalesforceToken,
  type CustomFieldsResult,
} from '../../adapters/salesforce/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, notFound } from '../../http/http-error.js';
import type { UserProfileRecord } from '../../repositories/user-profiles.js';
import { loadProfile, requireReadAccess, requireWriteAccess } from '../crm-connections/profile-access.js';
import { cachedContactProperties } from './contact-properties-cache.js';

/** The object whose fields GET …/crm-properties answers for a Salesforce profile without ?type= (spec §9: the first object option, CONTACT). */
export const DEFAULT_SALESFORCE_OBJECT = 'Contact';

function contactProperties(app: FastifyInstance, profile: UserProfileRecord): Promise<CrmProperty[]> {
  return cachedContactProperties(app, profile.id, () => withHubSpotToken(app, profile, fetchHubSpotContactProperties));
}

function customFieldsMessage(objects: readonly string[], result: CustomFieldsResult): SalesforcePropertiesResult {
  const total = objects.length * SALESFORCE_CUSTOM_FIELDS.length;
  if (result.failed > 0) {
    return { success: false, message: `Salesforce refused ${result.failed} of ${total} custom fields or their permissions: ${result.failures.slice(0, 3).join('; ')}` };
  }
  return {
    success: true,
    message: `Custom fields are ready on ${objects.join(', ')}: ${result.created} created, ${result.existing} already there, access granted on ${result.granted}`,
  };
}

/**
 * Reads from the connected CRM through the adapters (spec §7 "Integrations and lookups"): HubSpot lists
 * and contact properties (cached per profile for a few minutes), CRM properties per Salesforce object,
 * Salesforce lists, report fields and permission sets, and the custom-field creation. The profile's
 * owner, managers and admins may read; creating fields is for the owner and admins.
 */
export const crmLookupRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listHubspotLists', {
    handler: async ({ user, params }) => {
      const profile = await loadProfile(app, params.id, 'HUBSPOT');
      requireReadAccess(user, profile);
      return withHubSpotToken(app, profile, (connection) => searchHubSpotLists(connection));
    },
  });

  contractRoute(app, 'listCrmProperties', {
    handler: async ({ user, params, query }) => {
      const profile = await loadProfile(app, params.id);
      requireReadAccess(user, profile);
      if (profile.crm === 'HUBSPOT') return contactProperties(app, profile);
      const objectName = query.type ?? DEFAULT_SALESFORCE_OBJECT;
      const fields = await withSalesforceToken(app, profile, (connection) => fetchSalesforceObjectFields(connection, objectName));
      if (fields === null) throw badRequest(`Invalid query: type: Salesforce has no object named ${objectName}`, { type: `Salesforce has no object named ${objectName}` });
      return fields;
    },
  });

  contractRoute(app, 'listHubspotContactProperties', {
    handler: async ({ user, params }) => {
      const profile = await loadProfile(app, params.userId, 'HUBSPOT');
      requireReadAccess(user, profile);
      return contactProperties(app, profile);
    },
  });

  contractRoute(app, 'listSalesforceLists', {
    handler: async ({ user, params }) => {
      const profile = await loadProfile(app, params.id, 'SALESFORCE');
      requireReadAccess(user, profile);
      return withSalesforceToken(app, profile, fetchSalesforceLists);
    },
  });

  contractRoute(app, 'listSalesforceReportFields', {
    handler: async ({ user, params }) => {
      const profile = await loadProfile(app, params.id, 'SALESFORCE');
      requireReadAccess(user, profile);
      const fields = await withSalesforceToken(app, profile, (connection) => fetchSalesforceListFields(connection, params.reportId));
      if (fields === null) throw notFound('Salesforce report or list view not found');
      return fields;
    },
  });

  contractRoute(app, 'listSalesforcePermissions', {
    handler: async ({ user, params }) => {
      const profile = await loadProfile(app, params.userProfileId, 'SALESFORCE');
      requireReadAccess(user, profile);
      return withSalesforceToken(app, profile, fetchSalesforcePermissionSets);
    },
  });

  contractRoute(app, 'createSalesforceProperties', {
    handler: async ({ user, body }) => {
      const profile = await loadProfile(app, body.userProfileId, 'SALESFORCE');
      requireWriteAccess(user, profile);
      const objects = [...new Set(body.customFields)];
      return withSalesforceToken(app, profile, async (connection) => {
        if (!(await salesforcePermissionSetExists(connection, body.permissionId))) {
          return { success: false, message: `Salesforce has no permission set ${body.permissionId}` };
        }
        return customFieldsMessage(objects, await createSalesforceCustomFields(connection, objects, body.permissionId));
      });
    },
  });
};
