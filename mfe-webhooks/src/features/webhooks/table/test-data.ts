import { queryKeys } from 'shared/client';
import type { Webhook } from 'shared/contract';

/** A webhook as GET /api/admin/webhooks answers it, for the rules' and the screen's tests. */
export const webhookRow = (id: number, fields: Partial<Webhook> = {}): Webhook => ({
  id,
  userId: 7,
  userProfileId: 7,
  user: {
    id: 7,
    email: 'owner@acme.test',
    profile: 'HUBSPOT',
    organizationId: '4411',
    organizationDomain: 'acme.hubspot.test',
    settings: null,
    userAccounts: [],
  },
  ownerDetails: { firstName: 'Olive', lastName: 'Owner', email: 'olive@acme.test' },
  addedBy: { id: 3, email: 'user@example.com' },
  hubId: '4411',
  hubspotOwnerId: '101',
  createdAt: '2024-03-07T09:05:00.000Z',
  webhookUrl: `http://localhost:8080/webhooks/code-${id}`,
  code: `code-${id}`,
  emailService: 'smartlead',
  apiKeyId: null,
  smartleadBaseCategories: [],
  createOrUpdateCompany: false,
  createOrUpdateTask: false,
  createContactCustomProperties: false,
  assignCompanyOwner: false,
  assignContactOwner: false,
  customTaskSubject: null,
  logType: null,
  salesforceObjectType: null,
  salesforceOnlyUpdate: false,
  salesforceCustomFieldObjects: [],
  objectLookupMethod: 'default',
  objectLookupIdField: null,
  objectDefaultSearchProperty: null,
  optionalAlternativeProperty: null,
  userAccountWebhooks: [],
  canManage: true,
  lastEvent: null,
  platformRegistration: null,
  hasSmartleadSecretKey: false,
  ...fields,
});

export const salesforceProfile: Webhook['user'] = {
  id: 8,
  email: 'sf@acme.test',
  profile: 'SALESFORCE',
  organizationId: '00D8',
  organizationDomain: null,
  settings: { domain: 'https://acme.my.salesforce.com' },
  userAccounts: [],
};

/** The cache key of a webhooks table's first page as the screen first asks for it. */
export const ownPageKey = () =>
  queryKeys.of('listWebhookPage', {
    query: { section: 'own', sort: 'created', order: 'asc', page: 1 },
  });
export const othersPageKey = () =>
  queryKeys.of('listWebhookPage', {
    query: { section: 'others', sort: 'created', order: 'asc', page: 1 },
  });
