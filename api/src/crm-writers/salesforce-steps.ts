import { salesforceWords, type CompositeSubresponse } from '../adapters/salesforce/writes.js';
import type { LookupStep } from './lookup.js';
import type { SalesforceOperation, SalesforceRecordOperation } from './salesforce-plan.js';
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
}

/** A step per write from Salesforce's answers: the record's, then each activity's in order. */
export function stepsOfAnswers({
  record,
  activities,
  found,
  foundBy,
  byReference,
  recordId,
}: CompositeOutcome): WriteStep[] {
  const recordName = record.object.toLowerCase();
  const recordAnswer = byReference.get('record');
  const steps: WriteStep[] = [];
  if (!recordAnswer)
    steps.push({
      name: recordName,
      ok: true,
      detail: `found ${found!.Id} (by ${foundBy!.property}), nothing to change`,
    });
  else if (recordAnswer.httpStatusCode >= 400)
    steps.push({ name: recordName, ok: false, error: salesforceWords(recordAnswer.body) });
  else
    steps.push({
      name: recordName,
      ok: true,
      detail: found ? `updated ${found.Id} (by ${foundBy!.property})` : `created ${recordId}`,
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
      const created = (response.body as { id?: string } | null)?.id ?? '';
      if (!relation)
        steps.push({
          name,
          ok: false,
          error: `created ${created}, but Salesforce gave no answer for linking it to the ${record.object}`,
        });
      else if (relation.httpStatusCode >= 400)
        steps.push({
          name,
          ok: false,
          error: `created ${created}, not linked to the ${record.object}: ${salesforceWords(relation.body)}`,
        });
      else
        steps.push({
          name,
          ok: true,
          detail: `created ${created} (${operation.relationType}) on ${record.object} ${recordId}`,
        });
    } else
      steps.push({
        name,
        ok: true,
        detail:
          `created ${(response.body as { id?: string } | null)?.id ?? ''} on ${record.object} ${recordId}`.trim(),
      });
  });
  return steps;
}
