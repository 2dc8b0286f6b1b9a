import {
  createHubSpotProperty,
  createHubSpotPropertyGroup,
  HubSpotRefusal,
  readHubSpotPropertyNames,
  readHubSpotRecord,
  type HubSpotObjectType,
} from '../adapters/hubspot/writes.js';
import { nowMs } from '../clock.js';
import { HUBSPOT_ASSOCIATIONS, type HubspotEngagementOperation } from './hubspot-plan.js';
import { HUBSPOT_OS_GROUP } from '../records/os-properties.js';
import { createCall } from './hubspot-batch-calls.js';
import { batchedHubSpotCall } from './hubspot-batcher.js';
import type { HubSpotRun } from './hubspot-run.js';
import type { WriteStep } from './write-steps.js';

/**
 * The engagement property that carries the event's key. HubSpot keeps a unique property's values
 * unique and refuses a second record with the same value, so a second run of the same event (after a
 * crash, a lease that ran out, or a create answered after the provider time-out) cannot make another
 * engagement: it finds, by that key, the one the first run made.
 */
export const HUBSPOT_EVENT_KEY_PROPERTY = 'os_event_id';
export const EVENT_KEY_PROPERTY_TTL_MS = 10 * 60 * 1000;

const eventKeyPropertyDefinition = {
  name: HUBSPOT_EVENT_KEY_PROPERTY,
  label: 'CRM Sync event id',
  groupName: HUBSPOT_OS_GROUP.name,
  description: 'The sales-engagement event CRM Sync wrote this from: one record per event.',
  type: 'string',
  fieldType: 'text',
  hasUniqueValue: true,
};

/** Why an engagement type cannot be guarded, or null when its unique event-key property is there. */
async function eventKeyPropertyProblem(
  run: HubSpotRun,
  type: HubSpotObjectType,
): Promise<string | null> {
  const cache = run.deps.state.eventKeyProperties;
  const key = `${run.profile.id}:${type}`;
  const hit = cache.get(key);
  if (hit && hit.expiresAt > nowMs(run.deps.clock)) return hit.problem;
  // the events of an account's backlog that start together share one look
  const checks = run.deps.state.eventKeyPropertyChecks;
  const under = checks.get(key);
  if (under) return under;
  const check = lookForEventKeyProperty(run, type).finally(() => checks.delete(key));
  checks.set(key, check);
  return check;
}

/** Looks at (and makes) the unique event-key property of an engagement type; remembers what it found. */
async function lookForEventKeyProperty(
  run: HubSpotRun,
  type: HubSpotObjectType,
): Promise<string | null> {
  const cache = run.deps.state.eventKeyProperties;
  const key = `${run.profile.id}:${type}`;
  let problem: string | null = null;
  const { unique } = await run.call((connection) => readHubSpotPropertyNames(connection, type));
  if (!unique.has(HUBSPOT_EVENT_KEY_PROPERTY)) {
    try {
      await run.call((connection) =>
        createHubSpotPropertyGroup(connection, type, HUBSPOT_OS_GROUP),
      );
      await run.call((connection) =>
        createHubSpotProperty(connection, type, eventKeyPropertyDefinition),
      );
    } catch (error) {
      if (!(error instanceof HubSpotRefusal)) throw error; // rate limit, time-out: the job retries
      problem = `HubSpot refused the ${HUBSPOT_EVENT_KEY_PROPERTY} property: ${error.hubspotMessage}`;
    }
  }
  cache.set(key, { expiresAt: nowMs(run.deps.clock) + EVENT_KEY_PROPERTY_TTL_MS, problem });
  return problem;
}

/**
 * Creates an engagement (email, LinkedIn communication, task) of one event, once: in one call with
 * its associations (the contact, and the company for a task) and the event's key in its unique
 * property. When HubSpot refuses the create and a record with that key exists, an earlier run of
 * the event made it: the step reports that record and writes nothing. Where HubSpot refuses the
 * unique property itself, the engagement is created without it and the step says so.
 */
export async function writeHubSpotEngagement(
  run: HubSpotRun,
  operation: HubspotEngagementOperation,
  eventKey: string,
): Promise<Omit<WriteStep, 'name'>> {
  const type = operation.objectType;
  const toContact = {
    emails: HUBSPOT_ASSOCIATIONS.emailToContact,
    communications: HUBSPOT_ASSOCIATIONS.communicationToContact,
    tasks: HUBSPOT_ASSOCIATIONS.taskToContact,
  }[type];
  const associations: { toId: string; typeId: number }[] = [
    { toId: run.contactId!, typeId: toContact },
  ];
  if (type === 'tasks' && operation.associateCompany && run.companyId)
    associations.push({ toId: run.companyId, typeId: HUBSPOT_ASSOCIATIONS.taskToCompany });
  // with the same creates of the account's other events waiting for the rate limit: one batch call
  const create = async (properties: Record<string, string>) => {
    const { record, carried } = await batchedHubSpotCall(run, createCall(type), {
      properties,
      associations,
    });
    return {
      id: record!.id,
      carried: carried > 1 ? `, in one batch call of ${carried} events` : '',
    };
  };

  const problem = await eventKeyPropertyProblem(run, type);
  if (problem !== null) {
    const { id, carried } = await create(operation.properties);
    const unguarded = `not guarded against a second write: ${problem}`;
    return {
      ok: true,
      detail: `created ${id} on contact ${run.contactId}${carried} (${unguarded})`,
    };
  }
  try {
    const { id, carried } = await create({
      ...operation.properties,
      [HUBSPOT_EVENT_KEY_PROPERTY]: eventKey,
    });
    return { ok: true, detail: `created ${id} on contact ${run.contactId}${carried}` };
  } catch (error) {
    if (!(error instanceof HubSpotRefusal)) throw error;
    const key = { property: HUBSPOT_EVENT_KEY_PROPERTY, value: eventKey };
    const earlier = await run.call((connection) => readHubSpotRecord(connection, type, key, []));
    if (earlier === null) throw error;
    return {
      ok: true,
      detail: `${earlier.id} on contact ${run.contactId} was made by an earlier run of this event: not written twice`,
    };
  }
}
