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

  it('a found record: its Task and EmailMessage upserted by os_event_id__c, the email linked once', () => {
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
      ['GET', expect.stringMatching(/^\/services\/data\/v60\.0\/query\?q=/), 'activity1links'],
      [
        'DELETE',
        '/services/data/v60.0/sobjects/EmailMessageRelation/@{activity1links.records[0].Id}',
        'activity1earlierLink',
      ],
      ['POST', '/services/data/v60.0/sobjects/EmailMessageRelation', 'activity1relation'],
    ]);
    // the link an earlier run of the event made, looked up by the email Salesforce filled in
    const query = new URL(subrequests[2]!.url, 'https://org.example').searchParams.get('q');
    expect(query).toBe(
      "SELECT Id FROM EmailMessageRelation WHERE EmailMessageId = '@{activity1.id}' AND RelationId = '00Q000000000001AAA' AND RelationType = 'ToAddress' LIMIT 1",
    );
    expect(subrequests[2]!.url).toContain("'@{activity1.id}'");
    expect(subrequests[0]!.body).toEqual({ Subject: 'Replied', WhoId: '00Q000000000001AAA' });
    expect(subrequests[4]!.body).toEqual({
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
      expect.stringMatching(/^GET \/services\/data\/v60\.0\/query\?q=/),
      'DELETE /services/data/v60.0/sobjects/EmailMessageRelation/@{activity1links.records[0].Id}',
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
      expect.stringMatching(/^GET \/services\/data\/v60\.0\/query\?q=/),
      'DELETE /services/data/v60.0/sobjects/EmailMessageRelation/@{activity1links.records[0].Id}',
      'POST /services/data/v60.0/sobjects/EmailMessageRelation',
    ]);
  });

  it('an EmailMessage without the field: created, so new, and linked without a look for an earlier link', () => {
    const { subrequests } = compositeRequests(
      record,
      [email],
      { Id: '00Q000000000001AAA' },
      { value: key, unguarded: new Map([['EmailMessage', 'EmailMessage has no os_event_id__c']]) },
    );
    expect(subrequests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /services/data/v60.0/sobjects/EmailMessage',
      'POST /services/data/v60.0/sobjects/EmailMessageRelation',
    ]);
  });
});
