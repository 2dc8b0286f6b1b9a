import type { InternalEvent } from 'shared/events';
import { withFreshToken as withHubSpot } from '../adapters/hubspot/session.js';
import type { HubSpotConnection } from '../adapters/hubspot/request.js';
import {
  associateHubSpotRecords,
  createHubSpotProperty,
  createHubSpotPropertyGroup,
  createHubSpotRecord,
  HubSpotRefusal,
  readHubSpotPropertyNames,
  readHubSpotRecord,
  searchHubSpotRecord,
  updateHubSpotRecord,
  upsertHubSpotRecord,
  type HubSpotRecord,
} from '../adapters/hubspot/writes.js';
import type { SalesforceConnection } from '../adapters/salesforce/request.js';
import { withFreshToken as withSalesforce } from '../adapters/salesforce/session.js';
import {
  findSalesforceRecord,
  restPath,
  salesforceComposite,
  salesforceWords,
  type CompositeSubrequest,
} from '../adapters/salesforce/writes.js';
import { nowMs } from '../clock.js';
import type { Deps } from '../deps.js';
import { ProviderError } from '../providers/provider-error.js';
import { salesforceAllocationKey } from '../repositories/api-allocations.js';
import {
  forgetRecordMemo,
  readRecordMemo,
  saveRecordMemo,
  type RecordMemo,
} from '../repositories/crm-record-memos.js';
import type { UserProfileRecord } from '../repositories/user-profiles.js';
import {
  HUBSPOT_ASSOCIATIONS,
  planHubspotWrites,
  type HubspotCompanyOperation,
  type HubspotContactOperation,
} from './hubspot-plan.js';
import type { LookupStep } from './lookup.js';
import {
  HUBSPOT_OS_GROUP,
  hubspotPropertyDefinition,
  OS_PROPERTIES,
  osProperty,
  type OsPropertyName,
} from './os-properties.js';
import {
  planSalesforceWrites,
  type SalesforceOperation,
  type SalesforceRecordOperation,
} from './salesforce-plan.js';
import { waitForDailyAllocation } from './daily-allocation.js';
import { hubspotSlots, waitForRateSlots } from './rate-limits.js';
import { writeHubSpotEngagement } from './hubspot-engagement.js';
import type { WriterSettings } from './settings.js';

/** One step of writing an event: done (`ok`), failed with the CRM's words (`error`), or not attempted (`skipped`, why). */
export interface WriteStep {
  name: string;
  ok: boolean;
  error?: string;
  skipped?: string;
  /** What was done: "updated 7000123, found by email". */
  detail?: string;
}

export interface WriteEventResult {
  steps: WriteStep[];
}

export interface WriteEventInput {
  /** The webhook's settings (a WebhookRecord from findWebhook fits). */
  webhook: WriterSettings;
  /** The webhook's CRM profile (findUserProfile(db, webhook.userProfileId)): HUBSPOT or SALESFORCE, with its tokens. */
  profile: UserProfileRecord;
  event: InternalEvent;
  /** The event's key in the CRM (crmEventKey): one record per event, however often it runs. */
  eventKey: string;
}

/** How long the writer trusts its list of a HubSpot profile's contact properties. */
export const WRITER_PROPERTIES_TTL_MS = 10 * 60 * 1000;

/**
 * A failure that ends the step but not the event: the CRM refused (validation, missing record, missing
 * scope) or answered something unreadable. Retryable provider failures (429 with retryAfterMs, 5xx,
 * time-outs) and a disconnected profile are thrown on, so the queue retries or parks the event.
 */
function stepFailure(error: unknown): string {
  if (error instanceof HubSpotRefusal) return error.message;
  if (error instanceof ProviderError && !error.retryable) return error.message;
  throw error;
}

/** Runs one step: its result, or the failure as a failed step (retryable ones thrown). */
async function runStep(
  name: string,
  run: () => Promise<Omit<WriteStep, 'name'>>,
): Promise<WriteStep> {
  try {
    return { name, ...(await run()) };
  } catch (error) {
    return { name, ok: false, error: stepFailure(error) };
  }
}

const skipped = (name: string, reason: string): WriteStep => ({ name, ok: true, skipped: reason });

/**
 * Writes one event into the webhook's CRM (issue "Events become CRM records"): plans it with
 * planHubspotWrites / planSalesforceWrites, then runs the plan step by step through the adapters (each
 * call with a live token: refreshed once on a 401). Throws a ProviderError when a retry may help (429
 * with retryAfterMs, 5xx, time-out) and CrmDisconnected when the profile's sign-in is gone; a CRM
 * refusal (a 400 validation error) becomes a failed step in the CRM's own words; a lookup that finds
 * nothing under "Update Only" (or for an event that only updates) becomes a skipped step with the reason.
 * Writes are idempotent where the CRM allows: HubSpot contacts by batch upsert on email (or a unique
 * property), never created after a search alone.
 */
export async function writeEventToCrm(
  deps: Deps,
  { webhook, profile, event, eventKey }: WriteEventInput,
): Promise<WriteEventResult> {
  const now = deps.clock.now().toISOString();
  if (profile.crm === 'HUBSPOT')
    return writeToHubSpot(deps, profile, webhook, event, eventKey, now);
  return writeToSalesforce(deps, profile, webhook, event, eventKey, now);
}

// ---------------------------------------------------------------- HubSpot

export interface HubSpotRun {
  deps: Deps;
  profile: UserProfileRecord;
  /** One HubSpot call with a live token, after a slot of the account's shared rate limit (a search: of the search limit). */
  call<T>(
    run: (connection: HubSpotConnection) => Promise<T>,
    kind?: 'request' | 'search',
  ): Promise<T>;
  contactId: string | null;
  companyId: string | null;
  /** os_ properties that could not be created: left out of the contact's writes. */
  unavailable: Set<string>;
}

async function propertyNames(
  run: HubSpotRun,
  fresh = false,
): Promise<{ names: Set<string>; unique: Set<string> }> {
  const cache = run.deps.state.writerProperties;
  const hit = cache.get(run.profile.id);
  if (!fresh && hit && hit.expiresAt > nowMs(run.deps.clock)) return hit;
  const read = await run.call((connection) => readHubSpotPropertyNames(connection, 'contacts'));
  cache.set(run.profile.id, {
    expiresAt: nowMs(run.deps.clock) + WRITER_PROPERTIES_TTL_MS,
    ...read,
  });
  return read;
}

async function writeToHubSpot(
  deps: Deps,
  profile: UserProfileRecord,
  webhook: WriterSettings,
  event: InternalEvent,
  eventKey: string,
  now: string,
): Promise<WriteEventResult> {
  const plan = planHubspotWrites(event, webhook, { now });
  if (plan.skipped) return { steps: [skipped('event', plan.skipped)] };
  const call = async <T>(
    fn: (connection: HubSpotConnection) => Promise<T>,
    kind: 'request' | 'search' = 'request',
  ): Promise<T> => {
    await waitForRateSlots(deps, 'HubSpot', hubspotSlots(profile.organizationId, kind));
    return withHubSpot(deps, profile, fn);
  };
  const run: HubSpotRun = {
    deps,
    profile,
    call,
    contactId: null,
    companyId: null,
    unavailable: new Set(),
  };
  const steps: WriteStep[] = [];
  for (const operation of plan.operations) {
    switch (operation.kind) {
      case 'ensure-properties':
        steps.push(
          await runStep('contact properties', () => ensureProperties(run, operation.names)),
        );
        break;
      case 'contact':
        steps.push(await runStep('contact', () => writeContact(run, operation)));
        break;
      case 'company':
        steps.push(
          run.contactId === null
            ? skipped('company', 'No contact was found or written')
            : await runStep('company', () => writeCompany(run, operation)),
        );
        break;
      case 'engagement': {
        const name = {
          emails: 'email engagement',
          communications: 'LinkedIn communication',
          tasks: 'task',
        }[operation.objectType];
        steps.push(
          run.contactId === null
            ? skipped(name, 'No contact was found or written')
            : await runStep(name, () => writeHubSpotEngagement(run, operation, eventKey)),
        );
        break;
      }
    }
  }
  return { steps };
}

/** Creates the os_ properties the contact lacks, in the product's own group (once; a list of names is cached). */
async function ensureProperties(
  run: HubSpotRun,
  names: string[],
): Promise<Omit<WriteStep, 'name'>> {
  // one account's events in this process look and create one at a time: those that arrive together find the names made
  const creations = run.deps.state.propertyCreations;
  const ensure = async (): Promise<Omit<WriteStep, 'name'>> => {
    const known = await propertyNames(run);
    const missing = names.filter((name) => !known.names.has(name));
    return missing.length === 0 ? { ok: true } : createProperties(run, known, missing);
  };
  const mine = (creations.get(run.profile.id) ?? Promise.resolve())
    .catch(() => undefined)
    .then(ensure);
  creations.set(run.profile.id, mine);
  try {
    return await mine;
  } finally {
    if (creations.get(run.profile.id) === mine) creations.delete(run.profile.id);
  }
}

async function createProperties(
  run: HubSpotRun,
  known: { names: Set<string> },
  missing: string[],
): Promise<Omit<WriteStep, 'name'>> {
  const stillMissing = new Set(missing);
  try {
    await run.call((connection) =>
      createHubSpotPropertyGroup(connection, 'contacts', HUBSPOT_OS_GROUP),
    );
    for (const name of missing) {
      await run.call((connection) =>
        createHubSpotProperty(
          connection,
          'contacts',
          hubspotPropertyDefinition(osProperty(name as OsPropertyName)),
        ),
      );
      stillMissing.delete(name);
    }
    // the other os_ properties too, so later events need no creation
    for (const property of OS_PROPERTIES) {
      if (!known.names.has(property.name) && !missing.includes(property.name))
        await run.call((connection) =>
          createHubSpotProperty(connection, 'contacts', hubspotPropertyDefinition(property)),
        );
    }
  } catch (error) {
    for (const name of stillMissing) run.unavailable.add(name);
    throw error;
  } finally {
    run.deps.state.writerProperties.delete(run.profile.id);
  }
  return { ok: true, detail: `created ${missing.join(', ')}` };
}

const withoutUnavailable = (
  run: HubSpotRun,
  properties: Record<string, string>,
): Record<string, string> =>
  Object.fromEntries(Object.entries(properties).filter(([name]) => !run.unavailable.has(name)));

async function isUniqueProperty(run: HubSpotRun, property: string): Promise<boolean> {
  if (property === 'email') return true;
  if (property === 'hs_object_id') return false;
  return (await propertyNames(run)).unique.has(property);
}

async function findContact(
  run: HubSpotRun,
  lookups: LookupStep[],
  properties: string[],
): Promise<{ found: HubSpotRecord; by: LookupStep } | null> {
  for (const step of lookups) {
    const by = { property: step.property, value: step.value };
    const consistent =
      step.property === 'hs_object_id' || (await isUniqueProperty(run, step.property));
    const found = await run.call(
      (connection) =>
        consistent
          ? readHubSpotRecord(connection, 'contacts', by, properties)
          : searchHubSpotRecord(connection, 'contacts', by, properties),
      consistent ? 'request' : 'search',
    );
    if (found) return { found, by: step };
  }
  return null;
}

const counted = (value: string | null | undefined): number => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
};

/** How long the writer trusts what it remembers of a record before reading it again. */
export const RECORD_MEMO_TTL_MS = 24 * 60 * 60 * 1000;

/** What the writer remembers of the contact the first lookup leads to, unless it is older than the TTL. */
async function contactMemoOf(
  run: HubSpotRun,
  first: LookupStep | undefined,
): Promise<RecordMemo | undefined> {
  if (first === undefined) return undefined;
  return readRecordMemo(
    run.deps.db,
    run.profile.id,
    first,
    new Date(nowMs(run.deps.clock) - RECORD_MEMO_TTL_MS).toISOString(),
  );
}

const knowsAll = (memo: RecordMemo, read: string[]): boolean =>
  memo.complete || read.every((name) => name in memo.properties);

/** The memo's values of `read`, '' for what a complete memo does not list. */
const memoValues = (memo: RecordMemo, read: string[]): Record<string, string> => ({
  ...Object.fromEntries(read.map((name) => [name, ''])),
  ...memo.properties,
});

async function remember(run: HubSpotRun, by: LookupStep, memo: RecordMemo): Promise<void> {
  await saveRecordMemo(run.deps.db, run.profile.id, by, memo, run.deps.clock.now().toISOString());
}

async function writeContact(
  run: HubSpotRun,
  operation: HubspotContactOperation,
): Promise<Omit<WriteStep, 'name'>> {
  const read = [...new Set([...Object.keys(operation.fillIfEmpty), ...operation.increments])];
  // events of one lead run one at a time: what the last one wrote is what the contact holds now
  const first = operation.lookups[0];
  const memo = await contactMemoOf(run, first);
  const remembered =
    memo !== undefined && first !== undefined && knowsAll(memo, read)
      ? { found: { id: memo.recordId, properties: memoValues(memo, read) }, by: first }
      : null;
  const match = remembered ?? (await findContact(run, operation.lookups, read));
  if (match) {
    const { found, by } = match;
    run.contactId = found.id;
    const fill = Object.fromEntries(
      Object.entries(operation.fillIfEmpty).filter(([name]) => !found.properties[name]),
    );
    const raised = Object.fromEntries(
      operation.increments.map((name) => [name, String(counted(found.properties[name]) + 1)]),
    );
    const properties = withoutUnavailable(run, { ...operation.properties, ...fill, ...raised });
    if (Object.keys(properties).length > 0) {
      try {
        await run.call((connection) =>
          updateHubSpotRecord(connection, 'contacts', found.id, properties),
        );
      } catch (error) {
        if (!remembered) throw error;
        // merged or deleted in HubSpot since the writer wrote it: forgotten, and looked up again
        await forgetRecordMemo(run.deps.db, run.profile.id, by);
        return writeContact(run, operation);
      }
    }
    const earlier =
      memo !== undefined && memo.recordId === found.id && by === first ? memo : undefined;
    const known = Object.fromEntries(read.map((name) => [name, found.properties[name] ?? '']));
    await remember(run, by, {
      recordId: found.id,
      properties: { ...earlier?.properties, ...known, ...properties },
      complete: earlier?.complete ?? false,
    });
    return {
      ok: true,
      detail: `${Object.keys(properties).length > 0 ? 'updated' : 'found'} ${found.id} (by ${by.property}${remembered ? ', remembered' : ''})`,
    };
  }
  const tried = operation.lookups.map((step) => `${step.property} = ${step.value}`).join(', then ');
  if (operation.mode === 'update')
    return {
      ok: true,
      skipped: `No contact with ${tried}: this event only updates existing contacts`,
    };
  const properties = withoutUnavailable(run, {
    ...operation.createProperties,
    ...operation.properties,
    ...operation.fillIfEmpty,
    ...Object.fromEntries(operation.increments.map((name) => [name, '1'])),
  });
  // created by upsert on a unique property, so a retry or a parallel event updates instead of duplicating
  let key: { property: string; value: string } | null = null;
  for (const step of operation.lookups) {
    if (step.property !== 'hs_object_id' && (await isUniqueProperty(run, step.property))) {
      key = { property: step.property, value: step.value };
      break;
    }
  }
  if (!key && properties.email) key = { property: 'email', value: properties.email };
  const rememberIfFirst = async (id: string, by: { property: string; value: string } | null) => {
    if (first && by && first.property === by.property && first.value === by.value)
      await remember(run, first, { recordId: id, properties, complete: true });
  };
  if (key) {
    const { property, value } = key;
    const { [property]: _key, ...rest } = properties;
    void _key;
    const upserted = await run.call((connection) =>
      upsertHubSpotRecord(connection, 'contacts', { property, value }, rest),
    );
    run.contactId = upserted.id;
    // an upsert that found the contact after all wrote only part of it: read it next time
    if (upserted.created) await rememberIfFirst(upserted.id, key);
    return {
      ok: true,
      detail: `${upserted.created ? 'created' : 'updated'} ${upserted.id} (upsert by ${property})`,
    };
  }
  const id = await run.call((connection) =>
    createHubSpotRecord(connection, 'contacts', properties),
  );
  run.contactId = id;
  return { ok: true, detail: `created ${id}` };
}

async function writeCompany(
  run: HubSpotRun,
  operation: HubspotCompanyOperation,
  lookAgain = false,
): Promise<Omit<WriteStep, 'name'>> {
  // remembered when written: a company made moments ago is not yet in HubSpot's search, and a retry must not make a second
  const byDomain = { property: 'company:domain', value: operation.domain };
  const memo = lookAgain
    ? undefined
    : await readRecordMemo(
        run.deps.db,
        run.profile.id,
        byDomain,
        new Date(nowMs(run.deps.clock) - RECORD_MEMO_TTL_MS).toISOString(),
      );
  const found = memo
    ? { id: memo.recordId, properties: memo.properties }
    : await run.call(
        (connection) =>
          searchHubSpotRecord(
            connection,
            'companies',
            { property: 'domain', value: operation.domain },
            ['domain', 'name', 'hubspot_owner_id'],
          ),
        'search',
      );
  let detail: string;
  let ownerId: string | null | undefined;
  if (found) {
    run.companyId = found.id;
    ownerId = found.properties.hubspot_owner_id;
    if (operation.ownerIfUnset && !ownerId) {
      await run.call((connection) =>
        updateHubSpotRecord(connection, 'companies', found.id, {
          hubspot_owner_id: operation.ownerIfUnset!,
        }),
      );
      ownerId = operation.ownerIfUnset;
      detail = `found ${found.id} (by domain${memo ? ', remembered' : ''}), owner set`;
    } else detail = `found ${found.id} (by domain${memo ? ', remembered' : ''})`;
  } else {
    const properties = {
      name: operation.name,
      domain: operation.domain,
      ...(operation.ownerIfUnset ? { hubspot_owner_id: operation.ownerIfUnset } : {}),
    };
    run.companyId = await run.call((connection) =>
      createHubSpotRecord(connection, 'companies', properties),
    );
    ownerId = properties.hubspot_owner_id;
    detail = `created ${run.companyId}`;
  }
  const company = {
    recordId: run.companyId,
    properties: { hubspot_owner_id: ownerId ?? '' },
    complete: false,
  };
  await saveRecordMemo(
    run.deps.db,
    run.profile.id,
    byDomain,
    company,
    run.deps.clock.now().toISOString(),
  );
  const contactId = run.contactId!;
  const companyId = run.companyId;
  try {
    await run.call((connection) =>
      associateHubSpotRecords(
        connection,
        { type: 'contacts', id: contactId },
        { type: 'companies', id: companyId },
        [HUBSPOT_ASSOCIATIONS.contactToCompany, HUBSPOT_ASSOCIATIONS.contactToCompanyPrimary],
      ),
    );
  } catch (error) {
    if (!memo) throw error;
    // merged or deleted in HubSpot since: forgotten, and looked up again
    await forgetRecordMemo(run.deps.db, run.profile.id, byDomain);
    return writeCompany(run, operation, true);
  }
  return { ok: true, detail: `${detail}, primary company of contact ${contactId}` };
}

// ---------------------------------------------------------------- Salesforce

async function writeToSalesforce(
  deps: Deps,
  profile: UserProfileRecord,
  webhook: WriterSettings,
  event: InternalEvent,
  eventKey: string,
  now: string,
): Promise<WriteEventResult> {
  const plan = planSalesforceWrites(event, webhook, { now });
  if (plan.skipped) return { steps: [skipped('event', plan.skipped)] };
  const call = async <T>(fn: (connection: SalesforceConnection) => Promise<T>): Promise<T> => {
    await waitForDailyAllocation(deps, salesforceAllocationKey(profile.organizationId));
    return withSalesforce(deps, profile, fn);
  };
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
