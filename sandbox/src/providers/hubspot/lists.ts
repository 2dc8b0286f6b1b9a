import { matchesFilter } from './search.js';
import type { ObjectType } from './model.js';
import type { HubSpotList, HubSpotState } from './state.js';

export function listObjectType(list: HubSpotList): ObjectType {
  return list.objectTypeId === '0-2' ? 'companies' : 'contacts';
}

/** Member record ids in ascending order; a dynamic list is evaluated now, so new matching records join it. */
export function listMembers(state: HubSpotState, list: HubSpotList): string[] {
  const type = listObjectType(list);
  if (list.filter) {
    const filter = list.filter;
    return [...state.objects[type].values()]
      .filter(
        (object) => !object.archived && matchesFilter(object, type, filter, state.associations),
      )
      .map((object) => object.id)
      .sort((a, b) => Number(a) - Number(b));
  }
  return (list.members ?? [])
    .filter((id) => state.objects[type].get(id)?.archived === false)
    .sort((a, b) => Number(a) - Number(b));
}

/** The list definition as Lists v3 answers it; additionalProperties.hs_list_size is a string. */
export function presentList(state: HubSpotState, list: HubSpotList, requested: string[] = []) {
  const size = listMembers(state, list).length;
  const known: Record<string, string> = {
    hs_list_size: String(size),
    hs_last_record_added_at: list.updatedAt,
    hs_list_reference_count: '0',
  };
  const additionalProperties: Record<string, string> = {
    hs_list_size: known.hs_list_size!,
    hs_last_record_added_at: known.hs_last_record_added_at!,
  };
  for (const name of requested)
    if (known[name] !== undefined) additionalProperties[name] = known[name]!;
  return {
    listId: list.listId,
    listVersion: 1,
    name: list.name,
    objectTypeId: list.objectTypeId,
    processingStatus: 'COMPLETE',
    processingType: list.processingType,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
    filtersUpdatedAt: list.updatedAt,
    createdById: String(state.portal.user.id),
    updatedById: String(state.portal.user.id),
    additionalProperties,
  };
}
