import {
  apiKeyMessages,
  isValidBaseUrl,
  type ApiKey,
  type ApiKeyCheck,
  type ApiKeyCreate,
  type ApiKeyLists,
  type ApiKeyUpdate,
  type ApiKeyValidation,
  type LeadCategory,
  type Platform,
} from 'shared/contract';
import { errorToast, PERSISTENT, successToast, type ToastMessage } from 'shared/rules';

/** The texts of spec §8 "API keys" and its success toasts. */
export const apiKeyTexts = {
  noIntegrations: "You don't have any integrations!",
  updated: 'Updated API key',
  validated: 'API key validated',
  checkPassed: 'Validated API key',
  invalid: 'Invalid API key',
  unknownError: 'An unknown error occurred',
  noLeadCategories: 'No lead categories found Or Invalid API Key',
  categoriesAdded: 'Categories added',
  somethingWentWrong: 'Something went wrong',
} as const;

/** What the create form and the edit dialog share (react-admin: one inputs component for both). */
export interface ApiKeyInputValues {
  platform: Platform | null;
  apiKey: string;
  baseUrl: string;
  description: string;
}

export const emptyApiKeyInputs: ApiKeyInputValues = { platform: null, apiKey: '', baseUrl: '', description: '' };

/** The edit dialog starts from the row. */
export const inputsOf = (key: Pick<ApiKey, 'platform' | 'apiKey' | 'baseUrl' | 'description'>): ApiKeyInputValues => ({
  platform: key.platform,
  apiKey: key.apiKey,
  baseUrl: key.baseUrl ?? '',
  description: key.description,
});

/** spec §2: the Base URL input exists for bison only. */
export const needsBaseUrl = (platform: Platform | null): boolean => platform === 'bison';

export type CreateCheck = { ok: true; body: ApiKeyCreate } | { ok: false; message: string };

/**
 * spec §5 "API key create", in the order the messages are checked: platform, key, description,
 * profile, then bison's base URL. Values are trimmed; the base URL is sent for bison only.
 */
export function checkApiKeyCreate(values: ApiKeyInputValues, userProfileId: number | null): CreateCheck {
  const apiKey = values.apiKey.trim();
  const description = values.description.trim();
  const baseUrl = values.baseUrl.trim();
  if (values.platform === null) return { ok: false, message: apiKeyMessages.platform };
  if (apiKey === '') return { ok: false, message: apiKeyMessages.apiKey };
  if (description === '') return { ok: false, message: apiKeyMessages.description };
  if (userProfileId === null) return { ok: false, message: apiKeyMessages.userProfileId };
  if (needsBaseUrl(values.platform)) {
    if (!isValidBaseUrl(baseUrl)) return { ok: false, message: apiKeyMessages.baseUrl };
    return { ok: true, body: { platform: values.platform, apiKey, description, userProfileId, baseUrl } };
  }
  return { ok: true, body: { platform: values.platform, apiKey, description, userProfileId } };
}

/** `message` null: the check fails silently (spec §5 "API key update": a missing key). */
export type UpdateCheck = { ok: true; body: ApiKeyUpdate } | { ok: false; message: string | null };

/** spec §5 "API key update": the key is required (silently), bison needs a valid base URL. */
export function checkApiKeyUpdate(values: ApiKeyInputValues): UpdateCheck {
  const apiKey = values.apiKey.trim();
  const baseUrl = values.baseUrl.trim();
  if (apiKey === '') return { ok: false, message: null };
  if (values.platform === null) return { ok: false, message: apiKeyMessages.platform };
  const description = values.description.trim();
  if (needsBaseUrl(values.platform)) {
    if (!isValidBaseUrl(baseUrl)) return { ok: false, message: apiKeyMessages.baseUrl };
    return { ok: true, body: { platform: values.platform, apiKey, description, baseUrl } };
  }
  return { ok: true, body: { platform: values.platform, apiKey, description } };
}

/** The body of the server check that must pass before an update (POST /api/admin/dashboard/api-keys/check). */
export const checkBodyOf = ({ platform, apiKey, baseUrl }: ApiKeyUpdate): ApiKeyCheck => (baseUrl ? { platform, apiKey, baseUrl } : { platform, apiKey });

/** A failed server check on update stays until dismissed (spec §5, §8). */
export const updateCheckFailedToast = (message: string): ToastMessage => errorToast(message || apiKeyTexts.unknownError, PERSISTENT);

/** The toast after a row's Check API Key: the key is valid or not. */
export const validationResultToast = ({ isValid }: ApiKeyValidation): ToastMessage => (isValid ? successToast(apiKeyTexts.validated) : errorToast(apiKeyTexts.invalid));

/** spec §9: the key is masked with a fixed placeholder. */
export const MASKED_API_KEY = '••••••••••••••••';

/** spec §4: the key text is masked until its row is clicked; clicking toggles. */
export const displayedApiKey = (apiKey: string, shown: boolean): string => (shown ? apiKey : MASKED_API_KEY);

/** The set of rows showing their key after a click on the row with `id`. */
export function toggleShown(shown: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(shown);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

const replaceKey = (keys: readonly ApiKey[], key: ApiKey): ApiKey[] => keys.map((row) => (row.id === key.id ? key : row));

/** A new key is the user's own; it is in "All API Keys" too when that table is shown. */
export const withCreatedKey = (lists: ApiKeyLists, key: ApiKey, inAll: boolean): ApiKeyLists => ({
  apiKeys: [...lists.apiKeys, key],
  allApiKeys: inAll ? [...lists.allApiKeys, key] : lists.allApiKeys,
});

/** spec §4 "After actions": an updated item is replaced in both lists. */
export const withUpdatedKey = (lists: ApiKeyLists, key: ApiKey): ApiKeyLists => ({
  apiKeys: replaceKey(lists.apiKeys, key),
  allApiKeys: replaceKey(lists.allApiKeys, key),
});

/** A check's verdict on the key in both lists. */
export const withValidation = (lists: ApiKeyLists, { id, isValid }: ApiKeyValidation): ApiKeyLists => ({
  apiKeys: lists.apiKeys.map((row) => (row.id === id ? { ...row, isValid } : row)),
  allApiKeys: lists.allApiKeys.map((row) => (row.id === id ? { ...row, isValid } : row)),
});

/** spec §4 "After actions": a deleted item is removed from the lists. */
export const withoutKey = (lists: ApiKeyLists, id: number): ApiKeyLists => ({
  apiKeys: lists.apiKeys.filter((row) => row.id !== id),
  allApiKeys: lists.allApiKeys.filter((row) => row.id !== id),
});

/**
 * spec §2 "Lead categories dialog": the textarea and Add are for heyreach keys only, and only where
 * the api lets the user change the key (canManage); everyone who sees a key may view its categories.
 */
export const canAddLeadCategories = (key: Pick<ApiKey, 'platform' | 'canManage'>): boolean => key.platform === 'heyreach' && key.canManage;

/** The dialog's id column: numbers and texts as they are. */
export const leadCategoryIdText = (category: Pick<LeadCategory, 'id'>): string => String(category.id);

/** The delete confirmation's question (spec §8 "Do you want to delete ...?"). */
export const deleteQuestion = (key: Pick<ApiKey, 'description'>): string => `Do you want to delete the API key "${key.description}"?`;
