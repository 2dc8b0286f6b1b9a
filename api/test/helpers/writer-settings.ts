import type { WriterSettings } from '../../src/crm-writers/index.js';

/** A Smartlead webhook's writer settings: records owned by a sandbox HubSpot owner, custom properties on, the rest off. */
export const writerSettings = (change: Partial<WriterSettings> = {}): WriterSettings => ({
  emailService: 'smartlead',
  owner: {
    id: '7010002',
    firstName: 'Maria',
    lastName: 'Garcia',
    email: 'maria.garcia@crm-sync-sandbox.com',
  },
  createOrUpdateCompany: false,
  createOrUpdateTask: false,
  createContactCustomProperties: true,
  assignCompanyOwner: false,
  assignContactOwner: false,
  customTaskSubject: null,
  logType: 0,
  salesforceObjectType: 'LEAD',
  salesforceOnlyUpdate: false,
  salesforceCustomFieldObjects: [],
  objectLookupMethod: 'default',
  objectLookupIdField: null,
  objectDefaultSearchProperty: null,
  optionalAlternativeProperty: null,
  ...change,
});
