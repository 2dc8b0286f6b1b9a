import type { InternalEvent } from 'shared/events';
import type { SalesforceConnection } from '../adapters/salesforce/request.js';
import { withFreshToken } from '../adapters/salesforce/session.js';
import {
  findSalesforceRecord,
  restPath,
  salesforceComposite,
  salesforceWords,
  type CompositeSubrequest,
} from '../adapters/salesforce/writes.js';
import type { Deps } from '../deps.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import { salesforceAllocationKey } from '../repositories/api-allocations.js';
import { waitForDailyAllocation } from './daily-allocation.js';
import type { LookupStep } from './lookup.js';
import {
  planSalesforceWrites,
  type SalesforceOperation,
  type SalesforceRecordOperation,
} from './salesforce-plan.js';
import type { WriterSettings } from './settings.js';
import {
  counted,
  skipped,
  stepFailure,
  type WriteEventResult,
  type WriteStep,
} from './write-steps.js';

/** One Salesforce call with a live token, once the org's daily API allocation allows it. */
const salesforceCaller =
  (deps: Deps, profile: UserProfileRecord) =>
  async <T>(fn: (connection: SalesforceConnection) => Promise<T>): Promise<T> => {
    await waitForDailyAllocation(deps, salesforceAllocationKey(profile.organizationId));
    return withFreshToken(deps, profile, fn);
  };

/**
 * An event into Salesforce: the record found by its lookups (SOQL), then the record and its activity
 * written in one composite call (an email on a new record in a second one); a step per write.
 */
export async function writeToSalesforce(
  deps: Deps,
  profile: UserProfileRecord,
  webhook: WriterSettings,
  event: InternalEvent,
  now: string,
): Promise<WriteEventResult> {
  const plan = planSalesforceWrites(event, webhook, { now });
  if (plan.skipped) return { steps: [skipped('event', plan.skipped)] };
  const call = salesforceCaller(deps, profile);
  const [record, ...activities] = plan.operations as [
    SalesforceRecordOperation,
    ...SalesforceOperation[],
  ];
  const recordName = record.object.toLowerCase();
  const activityName = (operation: SalesforceOperation) =>
    operation.kind === 'task' ? 'task' : 'email message';

  // 1. find the record (SOQL, consistent at once)
  let found: (Record<string, unknown> & { Id: string }) | null = null;
  let foundBy: LookupStep | null = null;
  try {
    for (const step of record.lookups) {
      found = await call((connection) =>
        findSalesforceRecord(
          connection,
          record.object,
          { field: step.property, value: step.value },
          record.increments,
        ),
      );
      if (found) {
        foundBy = step;
        break;
      }
    }
  } catch (error) {
    const failure = stepFailure(error);
    return {
      steps: [
        { name: recordName, ok: false, error: failure },
        ...activities.map((operation) =>
          skipped(activityName(operation), `The ${record.object} could not be looked up`),
        ),
      ],
    };
  }
  if (!found) {
    const tried = record.lookups.map((step) => `${step.property} = ${step.value}`).join(', then ');
    const reason = record.onlyUpdate
      ? `No ${record.object} with ${tried}: the webhook is Update Only`
      : record.mode === 'update'
        ? `No ${record.object} with ${tried}: this event only updates existing records`
        : null;
    if (reason)
      return {
        steps: [
          skipped(recordName, reason),
          ...activities.map((operation) =>
            skipped(activityName(operation), `No ${record.object} to log it on`),
          ),
        ],
      };
  }

  // 2. write the record and its activity in one composite call: the activity refers to the record by @{record.id}
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
  if (subrequests.length === 0)
    return {
      steps: [
        {
          name: recordName,
          ok: true,
          detail: `found ${found!.Id} (by ${foundBy!.property}), nothing to change`,
        },
      ],
    };

  let answer: Awaited<ReturnType<typeof salesforceComposite>>;
  try {
    answer = await call((connection) =>
      salesforceComposite(connection, `writing a ${record.object} and its activity`, subrequests),
    );
  } catch (error) {
    const failure = stepFailure(error);
    return {
      steps: [
        { name: recordName, ok: false, error: failure },
        ...activities.map((operation) =>
          skipped(activityName(operation), `The ${record.object} write failed`),
        ),
      ],
    };
  }
  if (!answer.ok) {
    const failure =
      `Salesforce refused the write (status ${answer.status}): ${answer.errorCode} ${answer.message}`.trim();
    return {
      steps: [
        { name: recordName, ok: false, error: failure },
        ...activities.map((operation) =>
          skipped(activityName(operation), `The ${record.object} write failed`),
        ),
      ],
    };
  }
  const byReference = new Map(answer.responses.map((response) => [response.referenceId, response]));
  const steps: WriteStep[] = [];
  const recordAnswer = byReference.get('record');
  const recordId = found ? found.Id : ((recordAnswer?.body as { id?: string } | null)?.id ?? null);
  if (
    afterCreate.length > 0 &&
    recordId !== null &&
    recordAnswer !== undefined &&
    recordAnswer.httpStatusCode < 400
  ) {
    const followUp = afterCreate.flatMap((requests) => requests(recordId));
    try {
      const second = await call((connection) =>
        salesforceComposite(connection, `logging the email on the ${record.object}`, followUp),
      );
      if (second.ok)
        for (const response of second.responses) byReference.set(response.referenceId, response);
    } catch (error) {
      stepFailure(error); // retryable: thrown on (the retry finds the record and logs the email); else the email step reports no answer
    }
  }
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
  return { steps };
}
