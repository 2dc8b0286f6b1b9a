import type { CrmBacklog, CrmBacklogAccount } from 'shared/contract';
import { drainPerMinute, minutesToDrain, type BacklogSample } from 'shared/rules';
import { readScope } from '../authz/index.js';
import type { Deps } from '../deps.js';
import { PROCESS_EVENT } from '../jobs/job-names.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { countEventsReceivedSince } from '../repositories/crm-backlog.js';
import {
  listUserProfilesOfOrganization,
  listUserProfilesOfUser,
} from '../repositories/user-profiles.js';
import type { UserRecord } from '../repositories/users.js';

/**
 * The drain an account's line was last measured at, from this api's looks at it (the screens ask every
 * few seconds): per CRM profile, the last look and the events written a minute since the one before.
 */
export interface BacklogMeter {
  looks: Map<number, BacklogSample>;
  perMinute: Map<number, number>;
}

export const createBacklogMeter = (): BacklogMeter => ({ looks: new Map(), perMinute: new Map() });

/** Looks closer together than this measure noise, not a drain. */
const MEASURE_AFTER_MS = 10_000;
/**
 * Until a drain is measured: HubSpot's search limit (5 a second), which an event for a lead the writer
 * does not remember yet spends once. An estimate of the first look only.
 */
const UNMEASURED_PER_MINUTE = 300;

/** The accounts of the viewer's scope with events waiting (a CRM profile's line: its leads' keys), the longest wait first. */
export async function crmBacklogOf(
  deps: Pick<Deps, 'db' | 'clock'>,
  queue: Pick<JobQueue, 'waitingByGroup'>,
  meter: BacklogMeter,
  viewer: UserRecord,
): Promise<CrmBacklog> {
  const scope = readScope(viewer);
  const [profiles, waitingByProfile] = await Promise.all([
    scope.kind === 'organization'
      ? listUserProfilesOfOrganization(deps.db, scope.organizationId)
      : listUserProfilesOfUser(deps.db, viewer.id),
    queue.waitingByGroup(PROCESS_EVENT),
  ]);
  const now = deps.clock.now().getTime();
  const accounts: CrmBacklogAccount[] = [];
  for (const profile of profiles) {
    const look = { at: now, waiting: waitingByProfile.get(String(profile.id)) ?? 0 };
    await measure(deps, meter, profile.id, look);
    if (look.waiting === 0) continue;
    const perMinute = meter.perMinute.get(profile.id) ?? UNMEASURED_PER_MINUTE;
    accounts.push({
      userProfileId: profile.id,
      crm: profile.crm,
      waiting: look.waiting,
      minutes: minutesToDrain(look.waiting, perMinute),
    });
  }
  return { accounts: accounts.sort((a, b) => b.minutes - a.minutes) };
}

async function measure(
  deps: Pick<Deps, 'db'>,
  meter: BacklogMeter,
  profileId: number,
  look: BacklogSample,
): Promise<void> {
  const before = meter.looks.get(profileId);
  if (before === undefined) return void meter.looks.set(profileId, look);
  if (look.at - before.at < MEASURE_AFTER_MS) return;
  meter.looks.set(profileId, look);
  // an empty line drains nothing: the next backlog is measured afresh
  if (before.waiting === 0 && look.waiting === 0) {
    meter.perMinute.delete(profileId);
    return;
  }
  const arrived = await countEventsReceivedSince(
    deps.db,
    profileId,
    new Date(before.at).toISOString(),
  );
  const perMinute = drainPerMinute(before, look, arrived);
  if (perMinute !== null) meter.perMinute.set(profileId, perMinute);
}
