import type { InternalEvent } from 'shared/events';
import type { SalesforceConnection } from '../adapters/salesforce/request.js';
import { withFreshToken } from '../adapters/salesforce/session.js';
import { findSalesforceRecord, salesforceComposite } from '../adapters/salesforce/writes.js';
import type { Deps } from '../deps.js';
import { salesforceFieldName } from '../records/os-properties.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import { salesforceAllocationKey } from '../repositories/api-allocations.js';
import { COUNTED_EVENT_PROPERTY, countNote, type CountedEventGuard } from './counted-event.js';
import { waitForDailyAllocation } from './daily-allocation.js';
import type { LookupStep } from './lookup.js';
import {
  planSalesforceWrites,
  type SalesforceOperation,
  type SalesforceRecordOperation,
} from './salesforce-plan.js';
import type { WriterSettings } from './settings.js';
import { salesforceEventKey } from './event-key.js';
import {
  salesforceCountedEventProblem,
  salesforceEventKeyProblem,
  type SalesforceActivityObject,
} from './salesforce-event-key.js';
import { compositeRequests, type ActivityKeys, type FoundRecord } from './salesforce-requests.js';
import { activityName, stepsOfAnswers } from './salesforce-steps.js';
import { skipped, stepFailure, type WriteEventResult } from './write-steps.js';

/** One Salesforce call with a live token, once the org's daily API allocation allows it. */
const salesforceCaller =
  (deps: Deps, profile: UserProfileRecord) =>
  async <T>(fn: (connection: SalesforceConnection) => Promise<T>): Promise<T> => {
    await waitForDailyAllocation(deps, salesforceAllocationKey(profile.organizationId));
    return withFreshToken(deps, profile, fn);
  };

/**
 * An event into Salesforce: the record found by its lookups (SOQL), then the record and its activity
 * written in one composite call (an email on a new record in a second one); a step per write. The
 * activity is upserted by the event's key (os_event_id__c), so a second run of the event after a
 * crash or a time-out updates the record the first run made instead of making another.
 */
export async function writeToSalesforce(
  deps: Deps,
  profile: UserProfileRecord,
  webhook: WriterSettings,
  event: InternalEvent,
  eventKey: string,
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
  // an open or a click without custom fields writes nothing: it costs no lookup of the daily allocation
  const writesNothing =
    record.mode === 'update' &&
    Object.keys(record.fields).length === 0 &&
    record.increments.length === 0 &&
    activities.length === 0;
  if (writesNothing)
    return {
      steps: [
        skipped(
          recordName,
          `Nothing to write: this event only updates the ${record.object}'s custom fields, which the webhook does not keep`,
        ),
      ],
    };

  // 1. find the record (SOQL, consistent at once), with its counters and the event they last counted
  let found: FoundRecord | null = null;
  let foundBy: LookupStep | null = null;
  let guard: CountedEventGuard | null = null;
  let countsUnguarded: string | null = null;
  try {
    if (record.increments.length > 0) {
      countsUnguarded = await salesforceCountedEventProblem(deps, profile, call, record.object);
      if (countsUnguarded === null)
        guard = {
          property: salesforceFieldName(COUNTED_EVENT_PROPERTY),
          key: salesforceEventKey(eventKey),
        };
    }
    const read = guard ? [...record.increments, guard.property] : record.increments;
    for (const step of record.lookups) {
      found = await call((connection) =>
        findSalesforceRecord(
          connection,
          record.object,
          { field: step.property, value: step.value },
          read,
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

  // 2. the activities' objects: upserted by the event's key where they have os_event_id__c
  const unguarded = new Map<SalesforceActivityObject, string>();
  try {
    const objects = new Set(
      activities.map((operation): SalesforceActivityObject =>
        operation.kind === 'task' ? 'Task' : 'EmailMessage',
      ),
    );
    for (const object of objects) {
      const problem = await salesforceEventKeyProblem(deps, profile, call, object);
      if (problem !== null) unguarded.set(object, problem);
    }
  } catch (error) {
    const failure = stepFailure(error);
    return {
      steps: [
        { name: recordName, ok: false, error: failure },
        ...activities.map((operation) =>
          skipped(activityName(operation), `The activity's fields could not be read`),
        ),
      ],
    };
  }
  const keys: ActivityKeys = { value: salesforceEventKey(eventKey), unguarded };

  // 3. write the record and its activity in one composite call: the activity refers to the record by @{record.id}
  const { subrequests, afterCreate } = compositeRequests(record, activities, found, keys, guard);
  const counting = countNote(record.increments, found, guard, countsUnguarded);
  if (subrequests.length === 0)
    return {
      steps: [
        {
          name: recordName,
          ok: true,
          detail: `found ${found!.Id} (by ${foundBy!.property}), nothing to change${counting}`,
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
  return {
    steps: stepsOfAnswers({
      record,
      activities,
      found,
      foundBy,
      byReference,
      recordId,
      unguarded,
      counting,
    }),
  };
}
