import { createHubSpotRecord } from '../adapters/hubspot/writes.js';
import { HUBSPOT_ASSOCIATIONS, type HubspotEngagementOperation } from './hubspot-plan.js';
import type { HubSpotRun } from './hubspot-run.js';
import type { WriteStep } from './write-steps.js';

/** Creates the email, LinkedIn communication or task on the contact (a task also on its company). */
export async function writeEngagement(
  run: HubSpotRun,
  operation: HubspotEngagementOperation,
): Promise<Omit<WriteStep, 'name'>> {
  const toContact = {
    emails: HUBSPOT_ASSOCIATIONS.emailToContact,
    communications: HUBSPOT_ASSOCIATIONS.communicationToContact,
    tasks: HUBSPOT_ASSOCIATIONS.taskToContact,
  }[operation.objectType];
  const associations: { toId: string; typeId: number }[] = [
    { toId: run.contactId!, typeId: toContact },
  ];
  if (operation.objectType === 'tasks' && operation.associateCompany && run.companyId)
    associations.push({ toId: run.companyId, typeId: HUBSPOT_ASSOCIATIONS.taskToCompany });
  const id = await run.call((connection) =>
    createHubSpotRecord(connection, operation.objectType, operation.properties, associations),
  );
  return { ok: true, detail: `created ${id} on contact ${run.contactId}` };
}
