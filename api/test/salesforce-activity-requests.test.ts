import { salesforceEventKey } from '../src/crm-writers/event-key.js';
import type {
  SalesforceOperation,
  SalesforceRecordOperation,
} from '../src/crm-writers/salesforce-plan.js';
import { compositeRequests, type ActivityKeys } from '../src/crm-writers/salesforce-requests.js';

/** The writer's Salesforce requests: each activity written once per event, by upsert on its key. */
const record: SalesforceRecordOperation = {
  kind: 'record',
  object: 'Lead',
  mode: 'upsert',
  onlyUpdate: false,
  lookups: [{ property: 'Email', value: 'ada@acme.example', source: 'email' }],
  fields: {},
  createFields: { Email: 'ada@acme.example', LastName: 'Ada', Company: 'Acme' },
  increments: [],
};
const task: SalesforceOperation = { kind: 'task', fields: { Subject: 'Replied' } };
const email: SalesforceOperation = {
  kind: 'email-message',
  fields: { Subject: 'Hello' },
  relationType: 'ToAddress',
};
const key = salesforceEventKey('12:smartlead:sent/42');
const guarded: ActivityKeys = { value: key, unguarded: new Map() };

describe('compositeRequests', () => {
  it('the event key: a URL-safe SHA-256, the same for every run of the event', () => {
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(salesforceEventKey('12:smartlead:sent/42')).toBe(key);
    expect(salesforceEventKey('12:smartlead:sent/43')).not.toBe(key);
  });

  it('a found record: its Task and EmailMessage upserted by os_event_id__c, the email then linked', () => {
    const { subrequests, afterCreate } = compositeRequests(
      record,
      [task, email],
      { Id: '00Q000000000001AAA' },
      guarded,
    );
    expect(afterCreate).toEqual([]);
    expect(subrequests.map(({ method, url, referenceId }) => [method, url, referenceId])).toEqual([
      ['PATCH', `/services/data/v60.0/sobjects/Task/os_event_id__c/${key}`, 'activity0'],
      ['PATCH', `/services/data/v60.0/sobjects/EmailMessage/os_event_id__c/${key}`, 'activity1'],
      ['POST', '/services/data/v60.0/sobjects/EmailMessageRelation', 'activity1relation'],
    ]);
    expect(subrequests[0]!.body).toEqual({ Subject: 'Replied', WhoId: '00Q000000000001AAA' });
    expect(subrequests[2]!.body).toEqual({
      EmailMessageId: '@{activity1.id}',
      RelationId: '00Q000000000001AAA',
      RelationType: 'ToAddress',
    });
  });

  it('a record created now: the Task refers to it in the same call, the email upserted in the next', () => {
    const { subrequests, afterCreate } = compositeRequests(record, [task, email], null, guarded);
    expect(subrequests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /services/data/v60.0/sobjects/Lead',
      `PATCH /services/data/v60.0/sobjects/Task/os_event_id__c/${key}`,
    ]);
    expect(subrequests[1]!.body).toEqual({ Subject: 'Replied', WhoId: '@{record.id}' });
    expect(
      afterCreate[0]!('00Q000000000002AAA').map(({ method, url }) => `${method} ${url}`),
    ).toEqual([
      `PATCH /services/data/v60.0/sobjects/EmailMessage/os_event_id__c/${key}`,
      'POST /services/data/v60.0/sobjects/EmailMessageRelation',
    ]);
  });

  it('an object without the field: its activity created as before', () => {
    const { subrequests } = compositeRequests(
      record,
      [task, email],
      { Id: '00Q000000000001AAA' },
      { value: key, unguarded: new Map([['Task', 'Task has no os_event_id__c field']]) },
    );
    expect(subrequests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /services/data/v60.0/sobjects/Task',
      `PATCH /services/data/v60.0/sobjects/EmailMessage/os_event_id__c/${key}`,
      'POST /services/data/v60.0/sobjects/EmailMessageRelation',
    ]);
  });
});
