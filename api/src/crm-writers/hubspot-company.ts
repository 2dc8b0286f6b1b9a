import {
  associateHubSpotRecords,
  createHubSpotRecord,
  searchHubSpotRecord,
  updateHubSpotRecord,
} from '../adapters/hubspot/writes.js';
import {
  forgetRecordMemo,
  readRecordMemo,
  saveRecordMemo,
} from '../repositories/crm-record-memos.js';
import { memoCutoff } from './contact-memos.js';
import { HUBSPOT_ASSOCIATIONS, type HubspotCompanyOperation } from './hubspot-plan.js';
import type { HubSpotRun } from './hubspot-run.js';
import type { WriteStep } from './write-steps.js';

/** Finds the company by domain (remembered or searched) or creates it, and makes it the contact's primary company. */
export async function writeCompany(
  run: HubSpotRun,
  operation: HubspotCompanyOperation,
  lookAgain = false,
): Promise<Omit<WriteStep, 'name'>> {
  // remembered when written: a company made moments ago is not yet in HubSpot's search, and a retry must not make a second
  const byDomain = { property: 'company:domain', value: operation.domain };
  const memo = lookAgain
    ? undefined
    : await readRecordMemo(run.deps.db, run.profile.id, byDomain, memoCutoff(run));
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
