import type { ApiKey, CrmOwner, CrmProperty, SalesforcePermission } from 'shared/contract';
import { integrationRow, type FakeApi, type FakeHandler, type FakeResponse } from 'shared/testing';
import { fakeWebhookApi } from '../test-api';

/** The SALESFORCE profile a form is for (profile 8, connected by dashboard user 3). */
export const salesforceIntegration = integrationRow(8, {
  profile: 'SALESFORCE',
  organizationId: '00D8',
  organizationDomain: null,
  email: 'sf@acme.test',
  ownerUserId: 3,
  settings: { domain: 'https://acme.my.salesforce.com', consumer_key: 'ck' },
});

export const owners: CrmOwner[] = [
  { id: '005A', firstName: 'Sam', lastName: 'Sales', email: 'sam@acme.test', name: 'Sam Sales' },
  { id: '005B', firstName: 'Rita', lastName: 'Rep', email: 'rita@acme.test', name: 'Rita Rep' },
];

export const permissions: SalesforcePermission[] = [
  { Id: '0PS000000000001', Name: 'Sales_User', Label: 'Sales User' },
  { Id: '0PS000000000002', Name: 'System Administrator', Label: 'System Administrator' },
];

export const properties: CrmProperty[] = [
  { name: 'Email', label: 'Email', description: '', type: 'email' },
  { name: 'External_Id__c', label: 'External Id', description: '', type: 'string' },
];

export const smartleadKey = (id: number, fields: Partial<ApiKey> = {}): ApiKey => ({
  id,
  apiKey: '••••1234',
  description: 'Main Smartlead',
  platform: 'smartlead',
  baseUrl: null,
  userProfileId: 8,
  userProfile: {
    id: 8,
    profile: 'SALESFORCE',
    email: 'sf@acme.test',
    organizationId: '00D8',
    organizationDomain: null,
  },
  isValid: true,
  syncBlockList: [],
  createdAt: '2024-03-01T00:00:00.000Z',
  canManage: true,
  ...fields,
});

/** The routes the webhook forms and dialogs call. */
export const webhookFormRoutes = {
  ownersAndAccounts: 'GET /api/admin/salesforce/user-accounts/{userId}',
  hubspotOwnersAndAccounts: 'GET /api/admin/hubspot/owners-and-user-accounts/{userId}',
  permissions: 'GET /api/admin/salesforce/permissions/{userProfileId}',
  createFields: 'POST /api/admin/salesforce/properties',
  apiKeys: 'GET /api/admin/dashboard/users/{userId}/api-keys',
  categories: 'GET /api/admin/dashboard/api-keys/{id}/lead-categories',
  properties: 'GET /api/admin/profiles/{id}/crm-properties',
  create: 'POST /api/admin/webhooks',
  update: 'PUT /api/admin/webhooks/{id}',
} as const;
export type WebhookFormRoute = keyof typeof webhookFormRoutes;

/** The api at its boundary, as the forms meet it (codes from POST …/generate: code-1, code-2, …); `with` replaces any answer. */
export function fakeWebhookFormApi(
  overrides: Partial<Record<WebhookFormRoute, FakeHandler | FakeResponse>> = {},
): FakeApi {
  const handlers: Record<WebhookFormRoute, FakeHandler | FakeResponse> = {
    ownersAndAccounts: {
      body: {
        owners,
        userAccounts: [{ id: 4, url: 'https://mirror.test/in', description: 'Mirror' }],
      },
    },
    hubspotOwnersAndAccounts: { body: { owners, userAccounts: [] } },
    permissions: { body: permissions },
    createFields: { body: { success: true, message: 'Created 12 fields on Lead' } },
    apiKeys: ({ query }) => ({
      body: query.get('platform') === 'smartlead' ? [smartleadKey(11)] : [],
    }),
    categories: {
      body: [
        { id: 1, created_at: null, name: 'Interested' },
        { id: 2, created_at: null, name: 'Meeting booked' },
      ],
    },
    properties: { body: properties },
    create: { status: 500, body: { message: 'No create fake' } },
    update: { status: 500, body: { message: 'No update fake' } },
    ...overrides,
  };
  return fakeWebhookApi(webhookFormRoutes, handlers);
}
