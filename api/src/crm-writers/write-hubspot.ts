import type { InternalEvent } from 'shared/events';
import type { Deps } from '../deps.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import { writeCompany } from './hubspot-company.js';
import { writeContact } from './hubspot-contact.js';
import { writeHubSpotEngagement } from './hubspot-engagement.js';
import { planHubspotWrites } from './hubspot-plan.js';
import { ensureProperties } from './hubspot-properties.js';
import { startHubSpotRun } from './hubspot-run.js';
import type { WriterSettings } from './settings.js';
import { runStep, skipped, type WriteEventResult, type WriteStep } from './write-steps.js';

/** An event into HubSpot: its plan's operations in order, each a step (the company and engagements need the contact). */
export async function writeToHubSpot(
  deps: Deps,
  profile: UserProfileRecord,
  webhook: WriterSettings,
  event: InternalEvent,
  eventKey: string,
  now: string,
  carries = 1,
): Promise<WriteEventResult> {
  const plan = planHubspotWrites(event, webhook, { now });
  if (plan.skipped) return { steps: [skipped('event', plan.skipped)] };
  const run = startHubSpotRun(deps, profile);
  const steps: WriteStep[] = [];
  for (const operation of plan.operations) {
    switch (operation.kind) {
      case 'ensure-properties':
        steps.push(
          await runStep('contact properties', () => ensureProperties(run, operation.names)),
        );
        break;
      case 'contact':
        steps.push(
          await runStep('contact', () =>
            writeContact(run, { ...operation, incrementBy: carries, countedEvent: eventKey }),
          ),
        );
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
