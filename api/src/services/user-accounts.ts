import type { UserAccount } from 'shared/contract';
import { webhookEndpointForm } from 'shared/rules';
import type { Deps } from '../deps.js';
import { toUserAccount } from '../presenters/user-accounts.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import type { OwnerScope } from '../repositories/owner-scope.js';
import {
  countUserAccounts,
  createUserAccount,
  deleteUserAccount,
  findUserAccount,
  listUserAccounts,
  type UserAccountRecord,
} from '../repositories/user-accounts.js';
import type { UserRecord } from '../repositories/users.js';
import { requireCallableUrl } from './callable-url.js';
import { invalid, notFound } from './domain-errors.js';
import type { ParsedBody } from './parsed-request.js';
import { newSealedSigningSecret, signingSecretOf } from './webhook-endpoint-secrets.js';

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';

/** What the api and the form say when the organization has all the endpoints it may have. */
export const endpointCapMessage = (cap: number): string =>
  `Your organization already has ${cap} webhook endpoints, the most it may have: delete one before adding another`;

/** Refuses an endpoint past the organization's cap (forwarding's amplification is bounded by it). */
async function requireRoomForEndpoint(deps: Deps, owner: UserRecord): Promise<void> {
  const cap = deps.config.forwarding.endpointsPerOrganization;
  const scope: OwnerScope =
    owner.organizationId === null
      ? { kind: 'own', userId: owner.id }
      : { kind: 'organization', organizationId: owner.organizationId };
  if ((await countUserAccounts(deps.db, scope)) >= cap)
    throw invalid(endpointCapMessage(cap), { url: endpointCapMessage(cap) });
}

export const findWebhookEndpoint = (
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<UserAccountRecord | undefined> => findUserAccount(deps.db, id);

export async function webhookEndpointsInScope(
  deps: Pick<Deps, 'db'>,
  viewer: UserRecord,
  scope: OwnerScope,
): Promise<UserAccount[]> {
  return (await listUserAccounts(deps.db, scope)).map((record) => toUserAccount(record, viewer));
}

/** The create form's rules (spec §5), checked before the profile is looked up. */
export function checkWebhookEndpointForm(body: ParsedBody<'createUserAccount'>): void {
  const problem = webhookEndpointForm.problem(body);
  if (problem) throw invalid(problem.message, { [problem.field]: problem.message });
}

/** A new webhook endpoint on the profile (its form checked): a URL the outbound guard calls now. */
export async function addWebhookEndpoint(
  deps: Deps,
  owner: UserRecord,
  profile: UserProfileRecord,
  body: ParsedBody<'createUserAccount'>,
): Promise<UserAccount> {
  await requireRoomForEndpoint(deps, owner);
  // Events are forwarded to it (outbound/webhook-endpoint.ts): the guard must allow it now, and again on each send.
  await requireCallableUrl(
    deps.providers.guard,
    'Webhook endpoint',
    body.url.trim(),
    'url',
    'The webhook endpoint URL',
  );
  const created = await createUserAccount(
    deps.db,
    {
      userProfileId: profile.id,
      userId: owner.id,
      url: body.url.trim(),
      description: body.description.trim(),
      signingSecretSealed: newSealedSigningSecret(deps),
    },
    deps.clock.now(),
  );
  return toUserAccount(created, owner);
}

export async function removeWebhookEndpoint(
  deps: Pick<Deps, 'db'>,
  record: UserAccountRecord,
): Promise<void> {
  await deleteUserAccount(deps.db, record.id);
}

export async function webhookEndpointSecret(
  deps: Deps,
  record: UserAccountRecord,
): Promise<string> {
  const secret = await signingSecretOf(deps, record.id);
  if (secret === undefined) throw notFound(ENDPOINT_NOT_FOUND);
  return secret;
}
