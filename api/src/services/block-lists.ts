import type { CrmType, HubspotBlockListCreate, SalesforceBlockListCreate } from 'shared/contract';
import {
  hubspotBlockListProblem,
  normalizeBlockListChoices,
  salesforceBlockListProblem,
} from 'shared/rules';
import type { Deps } from '../deps.js';
import { invalid } from './domain-errors.js';
import type { ApiKeyRef } from '../repositories/api-key-refs.js';
import { createBlockList } from '../repositories/block-lists.js';
import type { UserProfileRecord } from '../repositories/user-profiles.js';

const fail = (field: string, message: string) => invalid(message, { [field]: message });

const cleanList = (values: readonly string[]): string[] => [
  ...new Set(values.map((value) => value.trim()).filter((value) => value !== '')),
];

function clientOf(
  key: ApiKeyRef,
  client: { id: string | number; email?: string | null | undefined } | null | undefined,
): { clientId: string | null; clientEmail: string | null } {
  if (key.platform !== 'smartlead' || !client || String(client.id).trim() === '')
    return { clientId: null, clientEmail: null };
  return { clientId: String(client.id).trim(), clientEmail: client.email?.trim() || null };
}

/** What a block list is made from: the chosen key (undefined when none was chosen) and how to get the profile it reads (the caller's policy). */
export interface BlockListSource {
  key: ApiKeyRef | undefined;
  /** The CRM profile with this id, when the caller may build on it (else it throws). */
  profile(id: number): Promise<UserProfileRecord>;
}

/** The profile the block list reads: the one named, else the API key's; of the right CRM. */
async function profileFor(
  source: BlockListSource,
  crm: CrmType,
  key: ApiKeyRef,
  userProfileId: number | null | undefined,
): Promise<UserProfileRecord> {
  const profile = await source.profile(userProfileId ?? key.userProfileId);
  if (profile.crm !== crm)
    throw fail(
      'userProfileId',
      `Choose a ${crm === 'HUBSPOT' ? 'HubSpot' : 'Salesforce'} profile for a ${crm} block list`,
    );
  return profile;
}

/** spec §5 "Block list (HUBSPOT)": checks the payload and stores the block list; its id. */
export async function createHubspotBlockList(
  deps: Deps,
  source: BlockListSource,
  body: HubspotBlockListCreate,
): Promise<number> {
  const { key } = source;
  const choices = normalizeBlockListChoices({ ...body, platform: key?.platform });
  const problem = hubspotBlockListProblem(choices);
  if (problem) throw fail(problem.field, problem.message);
  if (!key || !choices.listType || !choices.blockType)
    throw new Error('hubspotBlockListProblem let an incomplete block list through');
  const profile = await profileFor(source, 'HUBSPOT', key, body.userProfileId);
  const listId = String(body.listId).trim();
  const heyReach = key.platform === 'heyreach';
  return createBlockList(
    deps.db,
    {
      userProfileId: profile.id,
      userId: profile.userId,
      apiKeyId: key.id,
      crm: 'HUBSPOT',
      listId,
      listName: body.listName?.trim() || listId,
      listType: choices.listType,
      blockType: choices.blockType,
      ...clientOf(key, body.client),
      useDomainForNonLatin: choices.useDomainForNonLatin,
      profileUrlFieldNames: heyReach ? cleanList(body.profileUrlFieldNames) : [],
      heyReachListId: heyReach ? String(body.heyReachListId).trim() : null,
      fields: [],
    },
    deps.clock.now(),
  );
}

/** spec §5 "Block list (SALESFORCE)": checks the payload and stores the block list; its id. */
export async function createSalesforceBlockList(
  deps: Deps,
  source: BlockListSource,
  body: SalesforceBlockListCreate,
): Promise<number> {
  const { key } = source;
  const choices = normalizeBlockListChoices({ ...body, platform: key?.platform });
  const problem = salesforceBlockListProblem(choices);
  if (problem) throw fail(problem.field, problem.message);
  if (!key || !choices.blockType || body.listIdentifier === null)
    throw new Error('salesforceBlockListProblem let an incomplete block list through');
  const profile = await profileFor(source, 'SALESFORCE', key, body.userProfileId);
  const listId = body.listIdentifier.trim();
  return createBlockList(
    deps.db,
    {
      userProfileId: profile.id,
      userId: profile.userId,
      apiKeyId: key.id,
      crm: 'SALESFORCE',
      listId,
      listName: body.listName?.trim() || listId,
      listType: null,
      blockType: choices.blockType,
      ...clientOf(key, body.client),
      useDomainForNonLatin: choices.useDomainForNonLatin,
      profileUrlFieldNames: [],
      heyReachListId: null,
      fields: cleanList(body.fields),
    },
    deps.clock.now(),
  );
}
