import { SALESFORCE_EVENT_KEY_FIELD } from '../adapters/salesforce/custom-fields.js';
import { soqlString } from '../adapters/salesforce/soql.js';
import { restPath, type CompositeSubrequest } from '../adapters/salesforce/writes.js';
import type { SalesforceActivityObject } from './salesforce-event-key.js';
import type { SalesforceOperation, SalesforceRecordOperation } from './salesforce-plan.js';
import { raisedCounters, type CountedEventGuard } from './counted-event.js';

/** A Salesforce record as the lookup found it: its id and the counters it read. */
export type FoundRecord = Record<string, unknown> & { Id: string };

/** How an event's activities are written once: by upsert on its key, where the object has the field. */
export interface ActivityKeys {
  /** The event's key as os_event_id__c holds it (salesforceEventKey). */
  value: string;
  /** Why an object's activities are created without the key (no os_event_id__c), by object. */
  unguarded: ReadonlyMap<SalesforceActivityObject, string>;
}

/**
 * An activity's create: an upsert on os_event_id__c (Salesforce creates it once, and a second run of
 * the event updates the same record), or a plain create where the object lacks the field.
 */
function activityWrite(
  object: SalesforceActivityObject,
  referenceId: string,
  body: Record<string, unknown>,
  keys: ActivityKeys,
): CompositeSubrequest {
  return keys.unguarded.has(object)
    ? { method: 'POST', url: restPath(`/sobjects/${object}`), referenceId, body }
    : {
        method: 'PATCH',
        url: restPath(`/sobjects/${object}/${SALESFORCE_EVENT_KEY_FIELD.name}/${keys.value}`),
        referenceId,
        body,
      };
}

/**
 * EmailMessageRelation has no external id (Salesforce takes no custom field on it), so an email's
 * link is made idempotent in the composite call itself: the link an earlier run of the event made
 * (the email upserted by the event's key is the same record) is looked up and deleted before the
 * link is made, so the email is never linked twice, even for a moment. On a first run there is none:
 * the delete's reference finds no value and that subrequest alone fails, harmlessly.
 */
function earlierLinkDropped(
  index: number,
  recordId: string,
  relationType: string,
): CompositeSubrequest[] {
  const email = `@{activity${index}.id}`;
  const soql = `SELECT Id FROM EmailMessageRelation WHERE EmailMessageId = '${email}' AND RelationId = ${soqlString(recordId)} AND RelationType = ${soqlString(relationType)} LIMIT 1`;
  // the reference stays as it is: Salesforce fills it in the URL before running the query
  const query = encodeURIComponent(soql).replace(encodeURIComponent(email), email);
  return [
    { method: 'GET', url: restPath(`/query?q=${query}`), referenceId: `activity${index}links` },
    {
      method: 'DELETE',
      url: restPath(`/sobjects/EmailMessageRelation/@{activity${index}links.records[0].Id}`),
      referenceId: `activity${index}earlierLink`,
    },
  ];
}

export interface CompositeRequests {
  /** The record's write and its activities, in one composite call. */
  subrequests: CompositeSubrequest[];
  /** For a record created now: its emails, sent in a second call once its id is known. */
  afterCreate: ((recordId: string) => CompositeSubrequest[])[];
}

/**
 * The composite call that writes the record and its activity: the activity refers to the record by
 * @{record.id}, so a refused record leaves no activity behind.
 */
export function compositeRequests(
  record: SalesforceRecordOperation,
  activities: readonly SalesforceOperation[],
  found: FoundRecord | null,
  keys: ActivityKeys,
  guard: CountedEventGuard | null = null,
): CompositeRequests {
  const subrequests: CompositeSubrequest[] = [];
  const raised = raisedCounters(record.increments, found ?? {}, 1, guard);
  const fields = { ...record.fields, ...raised };
  if (found) {
    if (Object.keys(fields).length > 0)
      subrequests.push({
        method: 'PATCH',
        url: restPath(`/sobjects/${record.object}/${found.Id}`),
        referenceId: 'record',
        body: fields,
      });
  } else
    subrequests.push({
      method: 'POST',
      url: restPath(`/sobjects/${record.object}`),
      referenceId: 'record',
      body: { ...record.createFields, ...fields },
    });
  const recordRef = found ? found.Id : '@{record.id}';
  const afterCreate: ((recordId: string) => CompositeSubrequest[])[] = [];
  activities.forEach((operation, index) => {
    if (operation.kind === 'task') {
      subrequests.push(
        activityWrite('Task', `activity${index}`, { ...operation.fields, WhoId: recordRef }, keys),
      );
      return;
    }
    // the person is linked through EmailMessageRelation (RelatedToId takes only an Account, Opportunity, Case…);
    // for a record created now they follow in a second call, so a refused record leaves no email behind
    const relationType = operation.kind === 'email-message' ? operation.relationType : 'ToAddress';
    const guarded = !keys.unguarded.has('EmailMessage');
    const emailRequests = (recordId: string): CompositeSubrequest[] => [
      activityWrite('EmailMessage', `activity${index}`, operation.fields, keys),
      ...(guarded ? earlierLinkDropped(index, recordId, relationType) : []),
      {
        method: 'POST',
        url: restPath('/sobjects/EmailMessageRelation'),
        referenceId: `activity${index}relation`,
        body: {
          EmailMessageId: `@{activity${index}.id}`,
          RelationId: recordId,
          RelationType: relationType,
        },
      },
    ];
    if (found) subrequests.push(...emailRequests(found.Id));
    else afterCreate.push(emailRequests);
  });
  return { subrequests, afterCreate };
}
