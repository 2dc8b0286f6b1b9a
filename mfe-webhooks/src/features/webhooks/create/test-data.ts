import type {
  ApiKey,
  CrmOwner,
  CrmProperty,
  LeadCategory,
  WebhookUserAccount,
} from 'shared/contract';
import { apiKeyRow, type FakeHandler, type FakeResponse } from 'shared/testing';

/** Answers of the lookups the HubSpot webhook form reads, for its tests. */
export const owners: CrmOwner[] = [
  {
    id: '101',
    firstName: 'Olive',
    lastName: 'Owner',
    email: 'olive@acme.test',
    name: 'Olive Owner',
  },
  { id: '102', firstName: 'Sam', lastName: 'Seller', email: 'sam@acme.test', name: 'Sam Seller' },
];
export const endpointAccounts: WebhookUserAccount[] = [
  { id: 4, url: 'https://hooks.example.com/crm', description: 'CRM mirror' },
  { id: 5, url: 'https://hooks.example.com/slack', description: 'Slack' },
];
export const contactProperties: CrmProperty[] = [
  { name: 'email', label: 'Email', description: '', type: 'string' },
  { name: 'hs_object_id', label: 'Record ID', description: '', type: 'number' },
  { name: 'hs_linkedin_url', label: 'LinkedIn URL', description: '', type: 'string' },
  { name: 'lead_id', label: 'Lead ID', description: '', type: 'string' },
];
export const smartleadKey: ApiKey = apiKeyRow(11, { description: 'Main smartlead' });
export const leadCategories: LeadCategory[] = [
  { id: 3, name: 'Interested', created_at: '2024-03-07T09:05:00.000Z' },
  { id: 5, name: 'Meeting booked', created_at: '2024-03-07T09:05:00.000Z' },
];

export const lookupRoutes = {
  owners: 'GET /api/admin/hubspot/owners-and-user-accounts/{userId}',
  properties: 'GET /api/admin/hubspot/contacts/properties/{userId}',
  apiKeys: 'GET /api/admin/dashboard/users/{userId}/api-keys',
  categories: 'GET /api/admin/dashboard/api-keys/{id}/lead-categories',
} as const;

export const lookupAnswers = (): Record<keyof typeof lookupRoutes, FakeHandler | FakeResponse> => ({
  owners: { body: { owners, userAccounts: endpointAccounts } },
  properties: { body: contactProperties },
  apiKeys: ({ query }) => ({ body: query.get('platform') === 'smartlead' ? [smartleadKey] : [] }),
  categories: { body: leadCategories },
});
