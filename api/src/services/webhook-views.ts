import { WEBHOOK_PAGE_SIZE, type ResponseOf, type Webhook } from 'shared/contract';
import { listOwners as listHubSpotOwners } from '../adapters/hubspot/owners.js';
import { listOwners as listSalesforceOwners } from '../adapters/salesforce/owners.js';
import type { Deps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { toWebhookUserAccount } from '../presenters/user-accounts.js';
import { toWebhook } from '../presenters/webhooks.js';
import { intakeJobOptions } from '../receiver/job-options.js';
import { replayDeadDeliveriesOf } from '../receiver/replay.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import type { OwnerScope } from '../repositories/owner-scope.js';
import {
  listUserAccountsOfProfiles,
  type UserAccountRecord,
} from '../repositories/user-accounts.js';
import type { UserRecord } from '../repositories/users.js';
import { issueWebhookCode } from '../repositories/webhook-codes.js';
import { lastEventsOf } from '../repositories/webhook-logs.js';
import {
  deleteWebhook,
  findWebhook,
  listWebhooks,
  type WebhookRecord,
} from '../repositories/webhooks.js';
import { pageWebhooks } from '../repositories/webhook-pages.js';
import { forbidden, invalid, notFound } from './domain-errors.js';
import type { ParsedQuery } from './parsed-request.js';

const NOT_FOUND = 'Webhook not found';

export const findWebhookById = (
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<WebhookRecord | undefined> => findWebhook(deps.db, id);

/** Presents webhooks with their profiles' endpoints and their newest events (one query each for all of them). */
async function present(
  deps: Pick<Deps, 'db' | 'config'>,
  viewer: UserRecord,
  records: WebhookRecord[],
): Promise<Webhook[]> {
  const [accounts, lastEvents] = await Promise.all([
    listUserAccountsOfProfiles(
      deps.db,
      records.map((record) => record.userProfileId),
    ),
    lastEventsOf(
      deps.db,
      records.map((record) => record.id),
    ),
  ]);
  const byProfile = new Map<number, UserAccountRecord[]>();
  for (const account of accounts)
    byProfile.set(account.userProfileId, [
      ...(byProfile.get(account.userProfileId) ?? []),
      account,
    ]);
  return records.map((record) =>
    toWebhook(record, {
      publicUrl: deps.config.publicUrl,
      viewer,
      profileAccounts: byProfile.get(record.userProfileId) ?? [],
      lastEvent: lastEvents.get(record.id),
    }),
  );
}

export async function presentWebhook(
  deps: Pick<Deps, 'db' | 'config'>,
  viewer: UserRecord,
  id: number,
): Promise<Webhook> {
  const record = await findWebhook(deps.db, id);
  if (!record) throw notFound(NOT_FOUND);
  const [webhook] = await present(deps, viewer, [record]);
  if (!webhook) throw notFound(NOT_FOUND);
  return webhook;
}

/**
 * A page of one webhooks table (issue 56): the viewer's own, or ("others", managers and admins) the
 * organization's webhooks added by other people. A searched URL is looked for by its last part, the code.
 */
export async function webhookPageInScope(
  deps: Pick<Deps, 'db' | 'config'>,
  viewer: UserRecord,
  scope: OwnerScope,
  query: ParsedQuery<'listWebhookPage'>,
): Promise<ResponseOf<'listWebhookPage'>> {
  if (query.section === 'others' && scope.kind !== 'organization')
    throw forbidden("Only managers and admins can see other people's webhooks");
  const { records, totalItems } = await pageWebhooks(deps.db, {
    scope: query.section === 'own' ? { kind: 'own', userId: viewer.id } : scope,
    exceptUserId: query.section === 'others' ? viewer.id : undefined,
    search: query.search?.split('/webhooks/').pop(),
    sort: query.sort,
    order: query.order,
    offset: (query.page - 1) * WEBHOOK_PAGE_SIZE,
    limit: WEBHOOK_PAGE_SIZE,
  });
  return {
    page: query.page,
    limit: WEBHOOK_PAGE_SIZE,
    totalItems,
    data: await present(deps, viewer, records),
  };
}

/** The webhooks screen: the viewer's own, and the organization's for those who read it (their own among them). */
export async function webhooksInScope(
  deps: Pick<Deps, 'db' | 'config'>,
  viewer: UserRecord,
  scope: OwnerScope,
): Promise<ResponseOf<'listWebhooks'>> {
  const listed = await present(deps, viewer, await listWebhooks(deps.db, scope));
  if (scope.kind !== 'organization') return { webhooks: listed, allWebhooks: [] };
  return {
    webhooks: listed.filter((webhook) => webhook.addedBy.id === viewer.id),
    allWebhooks: listed,
  };
}

export const newWebhookCode = (deps: Pick<Deps, 'db' | 'clock'>, user: UserRecord) =>
  issueWebhookCode(deps.db, user.id, deps.clock.now());

export async function removeWebhook(
  deps: Pick<Deps, 'db'>,
  record: WebhookRecord,
): Promise<ResponseOf<'deleteWebhook'>> {
  await deleteWebhook(deps.db, record.id);
  return {
    id: record.id,
    ownerDetails: {
      firstName: record.owner.firstName,
      lastName: record.owner.lastName,
      email: record.owner.email,
    },
  };
}

/** Sends the webhook's dead deliveries again; answers how many. */
export const replayDeadDeliveries = (deps: Deps, queue: JobQueue, record: WebhookRecord) =>
  replayDeadDeliveriesOf(deps, queue, record.id, intakeJobOptions(deps.config));

/** The create form's HubSpot owners and the profile's webhook endpoints. */
export async function hubspotOwnersAndEndpoints(
  deps: Deps,
  profile: UserProfileRecord,
): Promise<ResponseOf<'getHubspotOwnersAndUserAccounts'>> {
  if (profile.crm !== 'HUBSPOT')
    throw invalid('This profile is not a HubSpot connection', {
      userId: 'Not a HubSpot profile',
    });
  const owners = await listHubSpotOwners(deps, profile);
  const userAccounts = await listUserAccountsOfProfiles(deps.db, [profile.id]);
  return { owners, userAccounts: userAccounts.map(toWebhookUserAccount) };
}

/** The create form's Salesforce owners and the profile's webhook endpoints. */
export async function salesforceOwnersAndEndpoints(
  deps: Deps,
  profile: UserProfileRecord,
): Promise<ResponseOf<'getSalesforceUserAccounts'>> {
  if (profile.crm !== 'SALESFORCE')
    throw invalid('This profile is not a Salesforce connection', {
      userId: 'Not a Salesforce profile',
    });
  const owners = await listSalesforceOwners(deps, profile);
  const userAccounts = await listUserAccountsOfProfiles(deps.db, [profile.id]);
  return { userAccounts: userAccounts.map(toWebhookUserAccount), owners };
}
