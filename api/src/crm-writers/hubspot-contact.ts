import {
  createHubSpotRecord,
  readHubSpotRecord,
  searchHubSpotRecord,
  type HubSpotRecord,
} from '../adapters/hubspot/writes.js';
import { forgetRecordMemo } from '../repositories/crm-record-memos.js';
import { countNote, hubspotCounterGuard, hubspotCounters } from './counted-event.js';
import {
  contactMemoOf,
  isAbsence,
  knownAbsent,
  knowsAll,
  memoValues,
  remember,
  rememberAbsence,
} from './contact-memos.js';
import { readCall, updateCall, upsertCall } from './hubspot-batch-calls.js';
import { batchedHubSpotCall } from './hubspot-batcher.js';
import type { HubspotContactOperation } from './hubspot-plan.js';
import { isUniqueProperty } from './hubspot-properties.js';
import { withoutUnavailable, type HubSpotRun } from './hubspot-run.js';
import { uniquePropertyProblem } from './hubspot-unique-property.js';
import type { LookupStep } from './lookup.js';
import type { WriteStep } from './write-steps.js';

/**
 * The contact property that carries the lookup the writer made a contact for, where no email or other
 * unique property keys it. Its values are unique, so the contact is upserted by it: a run again after
 * a crash or a time-out (while search does not show the first contact yet) updates that contact.
 */
export const HUBSPOT_CONTACT_KEY_PROPERTY = 'os_contact_key';
const contactKey = {
  name: HUBSPOT_CONTACT_KEY_PROPERTY,
  label: 'CRM Sync contact key',
  description:
    'The lookup (property=value) CRM Sync made this contact for: one contact per lookup.',
};

async function findContact(
  run: HubSpotRun,
  lookups: LookupStep[],
  properties: string[],
): Promise<{ found: HubSpotRecord; by: LookupStep } | null> {
  for (const step of lookups) {
    const by = { property: step.property, value: step.value };
    const consistent =
      step.property === 'hs_object_id' || (await isUniqueProperty(run, step.property));
    // a read by a unique property shares a batch read with other events' reads waiting for the rate limit
    const found =
      consistent && step.property !== 'hs_object_id'
        ? (
            await batchedHubSpotCall(
              run,
              readCall('contacts', step.property, properties),
              step.value,
            )
          ).record
        : await run.call(
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

/** Finds the contact (remembered, read or searched) and updates it, or creates it by upsert on a unique property. */
export async function writeContact(
  run: HubSpotRun,
  operation: HubspotContactOperation,
): Promise<Omit<WriteStep, 'name'>> {
  const { guard, unguarded } = hubspotCounterGuard(run, operation);
  const counters = guard ? [...operation.increments, guard.property] : operation.increments;
  const read = [...new Set([...Object.keys(operation.fillIfEmpty), ...counters])];
  // events of one lead run one at a time: what the last one wrote is what the contact holds now
  const first = operation.lookups[0];
  const tried = operation.lookups.map((step) => `${step.property} = ${step.value}`).join(', then ');
  const skipUnknown = {
    ok: true,
    skipped: `No contact with ${tried}: this event only updates existing contacts`,
  };
  const memo = await contactMemoOf(run, first);
  if (memo !== undefined && first !== undefined && isAbsence(memo)) {
    // looked up a moment ago and not there: an update costs nothing, a create looks again
    if (operation.mode === 'update' && (await knownAbsent(run, first))) return skipUnknown;
    await forgetRecordMemo(run.deps.db, run.profile.id, first);
    return writeContact(run, operation);
  }
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
    const raised = hubspotCounters(operation, found.properties, guard);
    const properties = withoutUnavailable(run, { ...operation.properties, ...fill, ...raised });
    let carried = 1;
    if (Object.keys(properties).length > 0) {
      try {
        ({ carried } = await batchedHubSpotCall(run, updateCall('contacts'), {
          id: found.id,
          properties,
        }));
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
      detail: `${Object.keys(properties).length > 0 ? 'updated' : 'found'} ${found.id} (by ${by.property}${remembered ? ', remembered' : ''}${carried > 1 ? `; one batch call of ${carried} events` : ''})${countNote(operation.increments, found.properties, guard, unguarded, operation.incrementBy)}`,
    };
  }
  if (operation.mode === 'update') {
    if (first !== undefined) await rememberAbsence(run, first);
    return skipUnknown;
  }
  const properties = withoutUnavailable(run, {
    ...operation.createProperties,
    ...operation.properties,
    ...operation.fillIfEmpty,
    ...hubspotCounters(operation, {}, guard),
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
  // a lead known by a searched property alone (a LinkedIn URL): keyed on it in the unique os_contact_key
  const searched = operation.lookups.find((step) => step.property !== 'hs_object_id');
  if (!key && searched && (await uniquePropertyProblem(run, 'contacts', contactKey)) === null)
    key = {
      property: HUBSPOT_CONTACT_KEY_PROPERTY,
      value: `${searched.property}=${searched.value.trim()}`,
    };
  const rememberIfFirst = async (id: string, by: { property: string; value: string } | null) => {
    if (first && by && first.property === by.property && first.value === by.value)
      await remember(run, first, { recordId: id, properties, complete: true });
  };
  if (key) {
    const { property, value } = key;
    const { [property]: _key, ...rest } = properties;
    void _key;
    const { record: upserted, carried } = await batchedHubSpotCall(
      run,
      upsertCall('contacts', property),
      { value, properties: rest },
    );
    run.contactId = upserted.id;
    // an upsert that found the contact after all wrote only part of it: read it next time
    if (upserted.created) await rememberIfFirst(upserted.id, key);
    return {
      ok: true,
      detail: `${upserted.created ? 'created' : 'updated'} ${upserted.id} (upsert by ${property}${carried > 1 ? `; one batch call of ${carried} events` : ''})`,
    };
  }
  const id = await run.call((connection) =>
    createHubSpotRecord(connection, 'contacts', properties),
  );
  run.contactId = id;
  return { ok: true, detail: `created ${id}` };
}
