import { resumeWaitingEvents } from '../crm-writers/waiting-events.js';
import type { Deps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import {
  findSalesforceSettings,
  type SalesforceSettingsRecord,
} from '../repositories/salesforce-settings.js';
import { readOAuthState, type OAuthStatePayload } from './oauth-state.js';

/** The sign-in a callback's signed state says this process started, unless forged or expired. */
export const startedSignIn = (
  deps: Pick<Deps, 'secretBox' | 'clock'>,
  state: string | undefined,
): OAuthStatePayload | undefined =>
  readOAuthState(deps.secretBox, state, deps.clock.now().getTime());

/** The Salesforce settings a sign-in was started with, while they exist and are the user's. */
export async function signInSalesforceSettings(
  deps: Pick<Deps, 'db'>,
  settingsId: number,
  userId: number,
): Promise<SalesforceSettingsRecord | undefined> {
  const settings = await findSalesforceSettings(deps.db, settingsId);
  return settings && settings.userId === userId ? settings : undefined;
}

/** A profile connected (again): its events waiting for the CRM go back to the queue; answers how many. */
export const resumeEventsOfProfile = (deps: Deps, queue: JobQueue, userProfileId: number) =>
  resumeWaitingEvents(deps, queue, userProfileId);
