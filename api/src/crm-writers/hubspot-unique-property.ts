import {
  createHubSpotProperty,
  createHubSpotPropertyGroup,
  HubSpotRefusal,
  readHubSpotPropertyNames,
  type HubSpotObjectType,
} from '../adapters/hubspot/writes.js';
import { nowMs } from '../clock.js';
import { ProviderError } from '../providers/provider-error.js';
import { HUBSPOT_OS_GROUP } from '../records/os-properties.js';
import type { HubSpotRun } from './hubspot-run.js';

/** How long the writer trusts that a unique property is there (or that HubSpot refused it). */
export const UNIQUE_PROPERTY_TTL_MS = 10 * 60 * 1000;

/** A text property with unique values, in the product's group, that keys the writer's creates. */
export interface UniquePropertyDefinition {
  name: string;
  label: string;
  description: string;
}

/**
 * Why creates of `type` cannot be keyed on the unique property, or null when it is there (made now
 * if missing). HubSpot refuses a second record holding a unique property's value, so a create that
 * carries it is made once however often it is sent. A refusal (a missing schema scope, the account's
 * cap of unique properties) is the reason; a rate limit or time-out is thrown (the job retries).
 */
export async function uniquePropertyProblem(
  run: HubSpotRun,
  type: HubSpotObjectType,
  definition: UniquePropertyDefinition,
): Promise<string | null> {
  const cache = run.deps.state.eventKeyProperties;
  const key = `${run.profile.id}:${type}:${definition.name}`;
  const hit = cache.get(key);
  if (hit && hit.expiresAt > nowMs(run.deps.clock)) return hit.problem;
  let problem: string | null = null;
  try {
    const { unique } = await run.call((connection) => readHubSpotPropertyNames(connection, type));
    if (!unique.has(definition.name)) {
      await run.call((connection) =>
        createHubSpotPropertyGroup(connection, type, HUBSPOT_OS_GROUP),
      );
      await run.call((connection) =>
        createHubSpotProperty(connection, type, {
          ...definition,
          groupName: HUBSPOT_OS_GROUP.name,
          type: 'string',
          fieldType: 'text',
          hasUniqueValue: true,
        }),
      );
    }
  } catch (error) {
    if (error instanceof HubSpotRefusal)
      problem = `HubSpot refused the ${definition.name} property: ${error.hubspotMessage}`;
    else if (error instanceof ProviderError && !error.retryable)
      problem = `the ${definition.name} property could not be made: ${error.message}`;
    else throw error;
  }
  cache.set(key, { expiresAt: nowMs(run.deps.clock) + UNIQUE_PROPERTY_TTL_MS, problem });
  return problem;
}
