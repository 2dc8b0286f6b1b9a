import { z } from 'zod';
import { apiKeyIdParams } from './api-keys.js';
import { defineOperations } from './define-operations.js';

/** A Smartlead client (GET /client/ of the key's account), for the block list form's client selector. */
export const smartleadClient = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
});
export type SmartleadClient = z.infer<typeof smartleadClient>;

/** spec §3 "heyreach list". */
export const heyReachList = z.object({ id: z.number().int(), name: z.string() });
export type HeyReachList = z.infer<typeof heyReachList>;

/**
 * GET /api/admin/api-keys/{id}/heyreach/lists: the key's lead lists (USER_LIST). When HeyReach refuses
 * the key: success false, no lists and its message in `error`.
 */
export const heyReachLists = z.object({
  success: z.boolean(),
  lists: z.array(heyReachList),
  error: z.string().nullable(),
});
export type HeyReachLists = z.infer<typeof heyReachLists>;

/** spec §5 "A new heyreach list name must be non-blank." */
export const heyReachListNameMessage = 'Please enter a list name';

export const heyReachListCreate = z.object({
  listName: z
    .string({ error: heyReachListNameMessage })
    .trim()
    .min(1, heyReachListNameMessage)
    .max(255, 'A list name is at most 255 characters'),
});
export type HeyReachListCreate = z.input<typeof heyReachListCreate>;

/** POST /api/admin/api-keys/{id}/heyreach/lists: the new list's id, or success false and HeyReach's message in `error`. */
export const heyReachListCreated = z.object({
  success: z.boolean(),
  listId: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type HeyReachListCreated = z.infer<typeof heyReachListCreated>;

export const platformLookupOperations = defineOperations({
  listSmartleadClients: {
    method: 'GET',
    path: '/api/admin/dashboard/smartlead/api-keys/{id}/client-list',
    params: apiKeyIdParams,
    response: z.array(smartleadClient),
  },
  listHeyReachLists: {
    method: 'GET',
    path: '/api/admin/api-keys/{id}/heyreach/lists',
    params: apiKeyIdParams,
    response: heyReachLists,
  },
  createHeyReachList: {
    method: 'POST',
    path: '/api/admin/api-keys/{id}/heyreach/lists',
    params: apiKeyIdParams,
    body: heyReachListCreate,
    response: heyReachListCreated,
  },
});
