import { defineProvider } from '../../core/provider.js';
import { addSessionGuard } from './auth.js';
import { salesforceCompositeRoutes } from './composite-routes.js';
import { salesforceDataRoutes } from './data-routes.js';
import { salesforceErrors } from './errors.js';
import { salesforceListViewRoutes } from './listview-routes.js';
import { salesforceOAuthRoutes } from './oauth-routes.js';
import { salesforceReportRoutes } from './report-routes.js';
import { createSalesforceState, type SalesforceState } from './state.js';
import { salesforceToolingRoutes } from './tooling-routes.js';
import { addApiAllocation } from './api-allocation.js';

const written = (state: SalesforceState, sobject: string) => {
  const ids = new Set(
    state.writes
      .filter(
        (write) =>
          write.sobject === sobject && (write.action === 'create' || write.action === 'update'),
      )
      .map((write) => write.id),
  );
  return (state.records[sobject] ?? []).filter((record) => ids.has(record.Id));
};

export const salesforce = defineProvider<SalesforceState>({
  name: 'salesforce',
  title: 'Salesforce',
  prefix: '/salesforce',
  realBaseUrl:
    'any My Domain, e.g. https://acme.my.salesforce.com (OAuth under /services/oauth2, REST under /services/data/v60.0)',
  rateLimits: [
    {
      name: 'daily-api-requests',
      max: 15_000,
      windowMs: 24 * 3_600_000,
      appliesTo: '^/services/data/',
      source:
        'Salesforce API request limits: a rolling 24-hour allocation (15,000 for a Developer Edition org); past it REST answers 403 REQUEST_LIMIT_EXCEEDED',
    },
  ],
  errors: salesforceErrors,
  credentials: (config) => ({
    'My Domain': 'any (every domain maps to /salesforce)',
    'Consumer key': config.salesforce.consumerKey,
    'Consumer secret': config.salesforce.consumerSecret,
    'Access token lifetime': `${config.salesforce.accessTokenTtlSeconds} s`,
  }),
  createState: createSalesforceState,
  inspect: (state) => ({
    org: state.org,
    connectedUserId: state.connectedUserId,
    leads: state.records.Lead,
    contacts: state.records.Contact,
    tasks: state.records.Task,
    emailMessages: state.records.EmailMessage,
    emailMessageRelations: state.records.EmailMessageRelation,
    users: state.records.User,
    permissionSets: state.records.PermissionSet,
    fieldPermissions: state.records.FieldPermissions,
    customFields: state.customFields,
    listViews: state.listViews,
    reports: state.reports,
    writes: state.writes,
  }),
  overview: (state) => [
    {
      title: 'Leads written through the API',
      rows: written(state, 'Lead').map((record) => ({ ...record })),
    },
    {
      title: 'Contacts written through the API',
      rows: written(state, 'Contact').map((record) => ({ ...record })),
    },
    { title: 'Tasks', rows: (state.records.Task ?? []).map((record) => ({ ...record })) },
    {
      title: 'Email messages',
      rows: (state.records.EmailMessage ?? []).map((record) => ({ ...record })),
    },
    {
      title: 'Email message relations',
      rows: (state.records.EmailMessageRelation ?? []).map((record) => ({ ...record })),
    },
    {
      title: 'Custom fields',
      rows: state.customFields.map(({ Id, FullName, Metadata }) => ({ Id, FullName, Metadata })),
    },
    {
      title: 'Field permissions',
      rows: (state.records.FieldPermissions ?? []).map((record) => ({ ...record })),
    },
    {
      title: 'Leads held',
      rows: (state.records.Lead ?? []).map(({ Id, Name, Email, Company, Status }) => ({
        Id,
        Name,
        Email,
        Company,
        Status,
      })),
    },
    {
      title: 'Contacts held',
      rows: (state.records.Contact ?? []).map(({ Id, Name, Email }) => ({ Id, Name, Email })),
    },
    {
      title: 'Users',
      rows: (state.records.User ?? []).map(({ Id, Name, Email, Username }) => ({
        Id,
        Name,
        Email,
        Username,
      })),
    },
    {
      title: 'Permission sets',
      rows: (state.records.PermissionSet ?? []).map(({ Id, Name, Label }) => ({ Id, Name, Label })),
    },
    {
      title: 'List views',
      rows: state.listViews.map(({ Id, Name, SobjectType }) => ({ Id, Name, SobjectType })),
    },
  ],
  routes: (app, ctx) => {
    salesforceOAuthRoutes(app, ctx);
    void app.register(async (rest) => {
      addSessionGuard(rest, ctx);
      addApiAllocation(rest, ctx);
      salesforceDataRoutes(rest, ctx);
      salesforceCompositeRoutes(rest, ctx);
      salesforceListViewRoutes(rest, ctx);
      salesforceToolingRoutes(rest, ctx);
      salesforceReportRoutes(rest, ctx);
    });
  },
});
