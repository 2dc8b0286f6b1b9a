import type { ResponseOf } from 'shared/contract';
import { createHeyReachList, listHeyReachLists } from '../adapters/heyreach/index.js';
import { listSmartleadClients } from '../adapters/smartlead/index.js';
import type { Deps } from '../deps.js';
import type { ApiKeyRecord } from '../repositories/api-keys.js';
import { credentialsOf, requirePlatform } from './api-keys.js';
import { invalid } from './domain-errors.js';

/** spec §7: a Smartlead key's clients; Smartlead refusing is the user's to read (a 400). */
export async function smartleadClientsOf(
  deps: Pick<Deps, 'providers' | 'secretBox'>,
  record: ApiKeyRecord,
): Promise<ResponseOf<'listSmartleadClients'>> {
  requirePlatform(record, 'smartlead', 'a client list');
  const answer = await listSmartleadClients(deps.providers, credentialsOf(deps, record));
  if (!answer.ok) throw invalid(answer.message);
  return answer.data;
}

/** spec §7: a HeyReach key's lists; HeyReach refusing is answered in the body. */
export async function heyReachListsOf(
  deps: Pick<Deps, 'providers' | 'secretBox'>,
  record: ApiKeyRecord,
): Promise<ResponseOf<'listHeyReachLists'>> {
  requirePlatform(record, 'heyreach', 'HeyReach lists');
  const answer = await listHeyReachLists(deps.providers, credentialsOf(deps, record));
  return answer.ok
    ? { success: true, lists: answer.data, error: null }
    : { success: false, lists: [], error: answer.message };
}

export async function newHeyReachList(
  deps: Pick<Deps, 'providers' | 'secretBox'>,
  record: ApiKeyRecord,
  listName: string,
): Promise<ResponseOf<'createHeyReachList'>> {
  requirePlatform(record, 'heyreach', 'HeyReach lists');
  const answer = await createHeyReachList(deps.providers, credentialsOf(deps, record), listName);
  return answer.ok
    ? { success: true, listId: answer.data.id, error: null }
    : { success: false, listId: null, error: answer.message };
}
