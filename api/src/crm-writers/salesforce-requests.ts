import { restPath, type CompositeSubrequest } from '../adapters/salesforce/writes.js';
import type { SalesforceOperation, SalesforceRecordOperation } from './salesforce-plan.js';
import { counted } from './write-steps.js';

/** A Salesforce record as the lookup found it: its id and the counters it read. */
export type FoundRecord = Record<string, unknown> & { Id: string };

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
): CompositeRequests {
  const subrequests: CompositeSubrequest[] = [];
  const raised = Object.fromEntries(
    record.increments.map((field) => [
      field,
      (found ? counted(found[field] as string | null) : 0) + 1,
    ]),
  );
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
      subrequests.push({
        method: 'POST',
        url: restPath('/sobjects/Task'),
        referenceId: `activity${index}`,
        body: { ...operation.fields, WhoId: recordRef },
      });
      return;
    }
    // the person is linked through EmailMessageRelation (RelatedToId takes only an Account, Opportunity, Case…);
    // for a record created now they follow in a second call, so a refused record leaves no email behind
    const relationType = operation.kind === 'email-message' ? operation.relationType : 'ToAddress';
    const emailRequests = (recordId: string): CompositeSubrequest[] => [
      {
        method: 'POST',
        url: restPath('/sobjects/EmailMessage'),
        referenceId: `activity${index}`,
        body: operation.fields,
      },
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
