import {
  createHubSpotProperty,
  createHubSpotPropertyGroup,
  readHubSpotPropertyNames,
} from '../adapters/hubspot/writes.js';
import { nowMs } from '../clock.js';
import {
  HUBSPOT_OS_GROUP,
  hubspotPropertyDefinition,
  OS_PROPERTIES,
  osProperty,
  type OsPropertyName,
} from '../records/os-properties.js';
import type { HubSpotRun } from './hubspot-run.js';
import type { WriteStep } from './write-steps.js';

/** How long the writer trusts its list of a HubSpot profile's contact properties. */
export const WRITER_PROPERTIES_TTL_MS = 10 * 60 * 1000;

/** The account's contact property names (and the unique ones), cached per profile. */
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

/** Creates the os_ properties the contact lacks, in the product's own group (once; a list of names is cached). */
export async function ensureProperties(
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

/** Whether HubSpot keeps `property` unique, so a read by it is consistent at once. */
export async function isUniqueProperty(run: HubSpotRun, property: string): Promise<boolean> {
  if (property === 'email') return true;
  if (property === 'hs_object_id') return false;
  return (await propertyNames(run)).unique.has(property);
}
