import type { ApiKey, ApiKeyLists, ApiKeyValidation, LeadCategory } from 'shared/contract';
import {
  commonTexts,
  errorToast,
  PERSISTENT,
  platformLabel,
  successToast,
  TOAST_LIFE_MS,
  type ToastMessage,
} from 'shared/rules';

/** The texts of spec §8 "API keys" and its success toasts. */
export const apiKeyTexts = {
  updated: 'Updated API key',
  validated: 'API key validated',
  checkPassed: 'Validated API key',
  invalid: 'Invalid API key',
  noLeadCategories: 'No lead categories found Or Invalid API Key',
  categoriesAdded: 'Categories added',
  deleted: 'Deleted API key',
} as const;

/** A failed server check on update stays until dismissed (spec §5, §8); without the platform's words, "An unknown error occurred". */
export const updateCheckFailedToast = (message: string | null): ToastMessage =>
  errorToast(message || commonTexts.unknownError, PERSISTENT);

/** The toast after a row's Check API Key: the key is valid or not. */
export const validationResultToast = ({ isValid }: ApiKeyValidation): ToastMessage =>
  isValid ? successToast(apiKeyTexts.validated) : errorToast(apiKeyTexts.invalid);

/** After a create, the key is stored either way: say so, and whether its platform accepted it. */
export function createdKeyToast({
  platform,
  isValid,
}: Pick<ApiKey, 'platform' | 'isValid'>): ToastMessage {
  if (isValid) return successToast(`Created API key: ${platformLabel(platform)} accepted it`);
  return {
    severity: 'warn',
    summary: 'Created',
    detail: `Created API key, but ${platformLabel(platform)} did not accept it: check the key and use Edit`,
    life: TOAST_LIFE_MS,
  };
}

/** spec §9: the key is masked with a fixed placeholder. */
export const MASKED_API_KEY = '••••••••••••••••';

/** spec §4: the key text is masked until its row is clicked; clicking toggles. */
export const displayedApiKey = (apiKey: string, shown: boolean): string =>
  shown ? apiKey : MASKED_API_KEY;

/** The set of rows showing their key after a click on the row with `id`. */
export function toggleShown(shown: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(shown);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

const replaceKey = (keys: readonly ApiKey[], key: ApiKey): ApiKey[] =>
  keys.map((row) => (row.id === key.id ? key : row));

/** Cache updater: a new key is the user's own; it is in "All API Keys" too when that table is shown. */
export const withCreatedKey = (lists: ApiKeyLists, key: ApiKey, inAll: boolean): ApiKeyLists => ({
  apiKeys: [...lists.apiKeys, key],
  allApiKeys: inAll ? [...lists.allApiKeys, key] : lists.allApiKeys,
});

/** Cache updater, spec §4 "After actions": an updated item is replaced in both lists. */
export const withUpdatedKey = (lists: ApiKeyLists, key: ApiKey): ApiKeyLists => ({
  apiKeys: replaceKey(lists.apiKeys, key),
  allApiKeys: replaceKey(lists.allApiKeys, key),
});

/** Cache updater: a check's verdict on the key in both lists. */
export const withValidation = (
  lists: ApiKeyLists,
  { id, isValid }: ApiKeyValidation,
): ApiKeyLists => ({
  apiKeys: lists.apiKeys.map((row) => (row.id === id ? { ...row, isValid } : row)),
  allApiKeys: lists.allApiKeys.map((row) => (row.id === id ? { ...row, isValid } : row)),
});

/** Cache updater, spec §4 "After actions": a deleted item is removed from the lists. */
export const withoutKey = (lists: ApiKeyLists, id: number): ApiKeyLists => ({
  apiKeys: lists.apiKeys.filter((row) => row.id !== id),
  allApiKeys: lists.allApiKeys.filter((row) => row.id !== id),
});

/** Keys in a list the viewer may not change (another user's, canManage false): the table says why they have fewer actions. */
export const hasReadOnlyKeys = (keys: readonly Pick<ApiKey, 'canManage'>[]): boolean =>
  keys.some((key) => !key.canManage);

/**
 * spec §2 "Lead categories dialog": the textarea and Add are for heyreach keys only, and only where
 * the api lets the user change the key (canManage); everyone who sees a key may view its categories.
 */
export const canAddLeadCategories = (key: Pick<ApiKey, 'platform' | 'canManage'>): boolean =>
  key.platform === 'heyreach' && key.canManage;

/** The dialog's id column: numbers and texts as they are. */
export const leadCategoryIdText = (category: Pick<LeadCategory, 'id'>): string =>
  String(category.id);

/** The delete confirmation's question (spec §8 "Do you want to delete ...?"). */
export const deleteQuestion = (key: Pick<ApiKey, 'description'>): string =>
  `Do you want to delete the API key "${key.description}"?`;

/** The revealed key is a secret: asked for each time and dropped from the cache as soon as nothing shows it. */
export const revealedKeyOptions = { staleTime: 0, gcTime: 0, retry: false } as const;
