import type { ApiKey, Platform } from 'shared/contract';
import type { Deps } from '../deps.js';
import { toApiKey } from '../presenters/api-keys.js';
import {
  deleteApiKey,
  findApiKey,
  findProfileOwner,
  listApiKeys,
  listSyncBlockLists,
  type ApiKeyRecord,
  type ProfileOwner,
} from '../repositories/api-keys.js';
import type { OwnerScope } from '../repositories/owner-scope.js';
import type { UserRecord } from '../repositories/users.js';
import { notFound } from './domain-errors.js';

const KEY_NOT_FOUND = 'API key not found';

export const findApiKeyById = (
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<ApiKeyRecord | undefined> => findApiKey(deps.db, id);

/** The profile a new key is for, with its owner (for the policy check). */
export const findKeyProfile = (
  deps: Pick<Deps, 'db'>,
  userProfileId: number,
): Promise<ProfileOwner | undefined> => findProfileOwner(deps.db, userProfileId);

/** Keys as the viewer may see them, each with the block lists that use it. */
export async function presentApiKeys(
  deps: Pick<Deps, 'db' | 'secretBox'>,
  viewer: UserRecord,
  records: readonly ApiKeyRecord[],
): Promise<ApiKey[]> {
  const blockLists = await listSyncBlockLists(
    deps.db,
    records.map((record) => record.id),
  );
  return records.map((record) =>
    toApiKey(record, {
      plainKey: deps.secretBox.open(record.apiKeySealed),
      viewer,
      syncBlockList: blockLists.get(record.id) ?? [],
    }),
  );
}

export async function presentApiKey(
  deps: Pick<Deps, 'db' | 'secretBox'>,
  viewer: UserRecord,
  record: ApiKeyRecord,
): Promise<ApiKey> {
  const [key] = await presentApiKeys(deps, viewer, [record]);
  if (!key) throw new Error('A presented key went missing');
  return key;
}

/** spec §7: the viewer's own keys, and the organization's for those who read it. */
export async function apiKeysOfViewer(
  deps: Pick<Deps, 'db' | 'secretBox'>,
  viewer: UserRecord,
  scope: OwnerScope,
): Promise<{ apiKeys: ApiKey[]; allApiKeys: ApiKey[] }> {
  const own = await listApiKeys(deps.db, { scope: { kind: 'own', userId: viewer.id } });
  const all = scope.kind === 'organization' ? await listApiKeys(deps.db, { scope }) : [];
  return {
    apiKeys: await presentApiKeys(deps, viewer, own),
    allApiKeys: await presentApiKeys(deps, viewer, all),
  };
}

/** One user's keys (of one platform when given), as the viewer may see them. */
export async function apiKeysOfUser(
  deps: Pick<Deps, 'db' | 'secretBox'>,
  viewer: UserRecord,
  userId: number,
  platform: Platform | undefined,
): Promise<ApiKey[]> {
  const records = await listApiKeys(deps.db, { scope: { kind: 'own', userId }, platform });
  return presentApiKeys(deps, viewer, records);
}

export const plainApiKey = (deps: Pick<Deps, 'secretBox'>, record: ApiKeyRecord): string =>
  deps.secretBox.open(record.apiKeySealed);

export async function removeApiKey(deps: Pick<Deps, 'db'>, record: ApiKeyRecord): Promise<void> {
  if (!(await deleteApiKey(deps.db, record.id))) throw notFound(KEY_NOT_FOUND);
}
