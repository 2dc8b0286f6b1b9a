import type {
  ApiKey,
  BlockList,
  CrmProperty,
  HubspotList,
  Platform,
  SalesforceList,
  SalesforceListField,
} from 'shared/contract';
import {
  apiKeyRow,
  blockListRow,
  integrationRow,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';

export const hubspotProfile = integrationRow(7, { ownerUserId: 3, ownerEmail: 'user@example.com' });
export const salesforceProfile = integrationRow(8, {
  profile: 'SALESFORCE',
  organizationId: '00D8',
  organizationDomain: null,
  email: 'sf@acme.test',
  ownerUserId: 3,
});

export const hubspotLists: HubspotList[] = [
  {
    listId: '101',
    name: 'Do not contact',
    objectTypeId: '0-1',
    processingType: 'MANUAL',
    additionalProperties: { hs_list_size: '42' },
  },
  {
    listId: '102',
    name: 'Customers',
    objectTypeId: '0-1',
    processingType: 'DYNAMIC',
    additionalProperties: { hs_list_size: '7' },
  },
  {
    listId: '201',
    name: 'Competitors',
    objectTypeId: '0-2',
    processingType: 'MANUAL',
    additionalProperties: { hs_list_size: '3' },
  },
];

export const contactProperties: CrmProperty[] = [
  { name: 'email', label: 'Email', description: '', type: 'string' },
  { name: 'hs_linkedin_url', label: 'LinkedIn URL', description: '', type: 'string' },
  { name: 'firstname', label: 'First Name', description: '', type: 'string' },
  { name: 'website', label: 'Website URL', description: '', type: 'string' },
  { name: 'createdate', label: 'Create Date', description: '', type: 'datetime' },
];

export const salesforceLists: SalesforceList[] = [
  { Id: '00B000000000001AAA', Name: 'Open leads', type: 'ListView', SobjectType: 'Lead' },
  { Id: '00O000000000002AAA', Name: 'Churned accounts', type: 'Report', SobjectType: null },
];
export const salesforceFields: SalesforceListField[] = [
  { name: 'Email', label: 'Email', type: 'email' },
  { name: 'Website', label: 'Website', type: 'url' },
];

const apiKeyOf = (id: number, platform: Platform, description: string): ApiKey =>
  apiKeyRow(id, {
    platform,
    description,
    apiKey: `••••${String(id).repeat(2)}`,
    baseUrl: platform === 'bison' ? 'https://bison.example.test' : null,
  });
export const apiKeys = [
  apiKeyOf(11, 'smartlead', 'Main smartlead'),
  apiKeyOf(12, 'instantly', 'Instantly'),
  apiKeyOf(13, 'heyreach', 'HeyReach'),
  apiKeyOf(14, 'bison', 'Bison'),
];

export const routes = {
  integrations: 'GET /api/admin/users/integrations',
  list: 'GET /api/admin/dashboard/smartlead/blocked-lists',
  update: 'PUT /api/admin/dashboard/smartlead/blocked-lists/{id}',
  sync: 'POST /api/admin/dashboard/smartlead/blocked-lists/{id}/sync',
  remove: 'DELETE /api/admin/dashboard/smartlead/blocked-lists/{id}',
  createHubspot: 'POST /api/admin/hubspot/blocked-lists',
  createSalesforce: 'POST /api/admin/salesforce/blocked-lists',
  hubspotLists: 'GET /api/admin/dashboard/user-profiles/{id}/hubspot-lists',
  apiKeys: 'GET /api/admin/dashboard/users/{userId}/api-keys',
  clients: 'GET /api/admin/dashboard/smartlead/api-keys/{id}/client-list',
  heyReachLists: 'GET /api/admin/api-keys/{id}/heyreach/lists',
  createHeyReachList: 'POST /api/admin/api-keys/{id}/heyreach/lists',
  contactProperties: 'GET /api/admin/hubspot/contacts/properties/{userId}',
  salesforceLists: 'GET /api/admin/salesforce/user-profiles/{id}/lists',
  salesforceFields: 'GET /api/admin/salesforce/profiles/{id}/reports/{reportId}/fields',
} as const;
export type Route = keyof typeof routes;

/** Every lookup answering, no block list yet. */
export const answers = (): Record<Route, FakeHandler | FakeResponse> => ({
  integrations: { body: [hubspotProfile, salesforceProfile] },
  list: { body: [] },
  // the server shows a paused list as PAUSED, and a resumed one syncs at once
  update: ({ params, body }) => {
    const { isEnabled } = body as Pick<BlockList, 'isEnabled'>;
    return {
      body: blockListRow(Number(params.id), {
        isEnabled,
        status: isEnabled ? 'SYNCING' : 'PAUSED',
      }),
    };
  },
  sync: ({ params }) => ({ body: blockListRow(Number(params.id), { status: 'SYNCING' }) }),
  remove: ({ params }) => ({ body: blockListRow(Number(params.id)) }),
  createHubspot: ({ body }) => {
    const sent = body as { listId: string; listName: string };
    return { body: blockListRow(50, { listId: sent.listId, listName: sent.listName }) };
  },
  createSalesforce: ({ body }) => {
    const sent = body as { listIdentifier: string; listName: string };
    return {
      body: blockListRow(51, {
        crm: 'SALESFORCE',
        listId: null,
        listIdILS: sent.listIdentifier,
        listName: sent.listName,
        listType: null,
      }),
    };
  },
  hubspotLists: { body: hubspotLists },
  apiKeys: ({ query }) => ({
    body: apiKeys.filter((key) => key.platform === query.get('platform')),
  }),
  clients: { body: [] },
  heyReachLists: {
    body: { success: true, lists: [{ id: 5001, name: 'Blocked profiles' }], error: null },
  },
  createHeyReachList: { body: { success: true, listId: 5002, error: null } },
  contactProperties: { body: contactProperties },
  salesforceLists: { body: salesforceLists },
  salesforceFields: { body: salesforceFields },
});
