import {
  associateHubSpotRecords,
  createHubSpotRecord,
  HubSpotRefusal,
  readHubSpotRecord,
  searchHubSpotRecord,
  updateHubSpotRecord,
  type HubSpotRecord,
} from '../adapters/hubspot/writes.js';
import {
  forgetRecordMemo,
  readRecordMemo,
  saveRecordMemo,
} from '../repositories/crm-record-memos.js';
import { memoCutoff } from './contact-memos.js';
import { HUBSPOT_ASSOCIATIONS, type HubspotCompanyOperation } from './hubspot-plan.js';
import type { HubSpotRun } from './hubspot-run.js';
import { uniquePropertyProblem } from './hubspot-unique-property.js';
import type { WriteStep } from './write-steps.js';

/**
 * The company property that carries the domain the writer made the company for. Its values are
 * unique, so a second create for the domain (a run again after a crash or a time-out, while HubSpot's
 * search does not show the first yet; another lead of the domain at the same moment) is refused, and
 * the writer takes the company the first made.
 */
export const HUBSPOT_COMPANY_KEY_PROPERTY = 'os_company_domain';
const companyKeyDefinition = {
  name: HUBSPOT_COMPANY_KEY_PROPERTY,
  label: 'CRM Sync company domain',
  description: 'The domain CRM Sync made this company for: one company per domain.',
};
const READ = ['domain', 'name', 'hubspot_owner_id'];

type Creation = { id: string; unguarded?: string } | { earlier: HubSpotRecord };

/** Creates the domain's company once (keyed on its domain where HubSpot allows the unique property). */
async function createCompany(
  run: HubSpotRun,
  domain: string,
  properties: Record<string, string>,
): Promise<Creation> {
  const create = (values: Record<string, string>) =>
    run.call((connection) => createHubSpotRecord(connection, 'companies', values));
  const problem = await uniquePropertyProblem(run, 'companies', companyKeyDefinition);
  if (problem !== null) return { id: await create(properties), unguarded: problem };
  const key = { property: HUBSPOT_COMPANY_KEY_PROPERTY, value: domain.trim().toLowerCase() };
  try {
    return { id: await create({ ...properties, [key.property]: key.value }) };
  } catch (error) {
    if (!(error instanceof HubSpotRefusal)) throw error;
    const earlier = await run.call((connection) =>
      readHubSpotRecord(connection, 'companies', key, READ),
    );
    if (earlier === null) throw error;
    return { earlier };
  }
}

/** Finds the company by domain (remembered or searched) or creates it once, and makes it the contact's primary company. */
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
  let found: HubSpotRecord | null = memo
    ? { id: memo.recordId, properties: memo.properties }
    : await run.call(
        (connection) =>
          searchHubSpotRecord(
            connection,
            'companies',
            { property: 'domain', value: operation.domain },
            READ,
          ),
        'search',
      );
  let how = memo ? 'by domain, remembered' : 'by domain';
  let detail = '';
  let ownerId: string | null | undefined;
  if (!found) {
    const properties = {
      name: operation.name,
      domain: operation.domain,
      ...(operation.ownerIfUnset ? { hubspot_owner_id: operation.ownerIfUnset } : {}),
    };
    const made = await createCompany(run, operation.domain, properties);
    if ('earlier' in made) {
      found = made.earlier;
      how = `by ${HUBSPOT_COMPANY_KEY_PROPERTY}: made by an earlier write for this domain`;
    } else {
      run.companyId = made.id;
      ownerId = properties.hubspot_owner_id;
      const guard = made.unguarded
        ? ` (not guarded against a second write: ${made.unguarded})`
        : '';
      detail = `created ${made.id}${guard}`;
    }
  }
  if (found) {
    const company = found;
    run.companyId = company.id;
    ownerId = company.properties.hubspot_owner_id;
    if (operation.ownerIfUnset && !ownerId) {
      await run.call((connection) =>
        updateHubSpotRecord(connection, 'companies', company.id, {
          hubspot_owner_id: operation.ownerIfUnset!,
        }),
      );
      ownerId = operation.ownerIfUnset;
      detail = `found ${company.id} (${how}), owner set`;
    } else detail = `found ${company.id} (${how})`;
  }
  const company = {
    recordId: run.companyId!,
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
  const companyId = run.companyId!;
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
