import { salesforceWords, type CompositeSubresponse } from '../adapters/salesforce/writes.js';
import type { LookupStep } from './lookup.js';
import type { SalesforceOperation, SalesforceRecordOperation } from './salesforce-plan.js';
import type { SalesforceActivityObject } from './salesforce-event-key.js';
import type { FoundRecord } from './salesforce-requests.js';
import { skipped, type WriteStep } from './write-steps.js';

/** The log's name of an activity's step. */
export const activityName = (operation: SalesforceOperation): string =>
  operation.kind === 'task' ? 'task' : 'email message';

export interface CompositeOutcome {
  record: SalesforceRecordOperation;
  activities: readonly SalesforceOperation[];
  found: FoundRecord | null;
  foundBy: LookupStep | null;
  /** Salesforce's answers by referenceId: the record, each activity, each email's relation. */
  byReference: ReadonlyMap<string, CompositeSubresponse>;
  /** The record written: found, or created (null when its creation was refused). */
  recordId: string | null;
  /** Why an object's activities were created without the event's key, by object. */
  unguarded: ReadonlyMap<SalesforceActivityObject, string>;
  /** What the record's detail says of its counters (counted-event.ts countNote). */
  counting?: string;
}

/**
 * What an activity's write did: created, or found made by an earlier run of the event (an upsert
 * that updated: `created: false`), or created without the guard and why.
 */
function activityDone(
  body: unknown,
  where: string,
  unguarded: string | undefined,
): { id: string; detail: string } {
  const answer = (body ?? {}) as { id?: string; created?: boolean };
  const id = answer.id ?? '';
  if (answer.created === false)
    return {
      id,
      detail: `${id} ${where} was made by an earlier run of this event: not written twice`,
    };
  const guard = unguarded ? ` (not guarded against a second write: ${unguarded})` : '';
  return { id, detail: `created ${id} ${where}${guard}` };
}

/** A step per write from Salesforce's answers: the record's, then each activity's in order. */
export function stepsOfAnswers({
  record,
  activities,
  found,
  foundBy,
  byReference,
  recordId,
  unguarded,
  counting = '',
}: CompositeOutcome): WriteStep[] {
  const recordName = record.object.toLowerCase();
  const recordAnswer = byReference.get('record');
  const steps: WriteStep[] = [];
  if (!recordAnswer)
    steps.push({
      name: recordName,
      ok: true,
      detail: `found ${found!.Id} (by ${foundBy!.property}), nothing to change${counting}`,
    });
  else if (recordAnswer.httpStatusCode >= 400)
    steps.push({ name: recordName, ok: false, error: salesforceWords(recordAnswer.body) });
  else
    steps.push({
      name: recordName,
      ok: true,
      detail: found
        ? `updated ${found.Id} (by ${foundBy!.property})${counting}`
        : `created ${recordId}`,
    });
  activities.forEach((operation, index) => {
    const response = byReference.get(`activity${index}`);
    const name = activityName(operation);
    const recordRefused =
      !found && (recordAnswer === undefined || recordAnswer.httpStatusCode >= 400);
    if (!response)
      steps.push(
        recordRefused
          ? skipped(name, `The ${record.object} was not created`)
          : { name, ok: false, error: 'Salesforce gave no answer for it' },
      );
    else if (response.httpStatusCode >= 400) {
      const recordFailed =
        !found && recordAnswer !== undefined && recordAnswer.httpStatusCode >= 400;
      steps.push(
        recordFailed
          ? skipped(name, `The ${record.object} was not created`)
          : { name, ok: false, error: salesforceWords(response.body) },
      );
    } else if (operation.kind === 'email-message') {
      const relation = byReference.get(`activity${index}relation`);
      const done = activityDone(
        response.body,
        `(${operation.relationType}) on ${record.object} ${recordId}`,
        unguarded.get('EmailMessage'),
      );
      if (!relation)
        steps.push({
          name,
          ok: false,
          error: `created ${done.id}, but Salesforce gave no answer for linking it to the ${record.object}`,
        });
      else if (relation.httpStatusCode >= 400)
        steps.push({
          name,
          ok: false,
          error: `created ${done.id}, not linked to the ${record.object}: ${salesforceWords(relation.body)}`,
        });
      else steps.push({ name, ok: true, detail: done.detail });
    } else
      steps.push({
        name,
        ok: true,
        detail: activityDone(
          response.body,
          `on ${record.object} ${recordId}`,
          unguarded.get('Task'),
        ).detail,
      });
  });
  return steps;
}
