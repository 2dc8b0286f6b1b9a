import {
  apiKeyCreate,
  apiKeyUpdate,
  type ApiKey,
  type ApiKeyCheck,
  type ApiKeyCreate,
  type ApiKeyUpdate,
  type Platform,
} from '../contract/index.js';
import { firstIssue, isFieldChange, withField, type FieldChange, type FormRules } from './form.js';

/** What the create form and the edit dialog share (react-admin: one inputs component for both); the edit dialog has no profile. */
export interface ApiKeyFormState {
  userProfileId: number | null;
  platform: Platform | null;
  apiKey: string;
  baseUrl: string;
  description: string;
}
export type ApiKeyField = keyof ApiKeyFormState;
/** `created`: after a create the form keeps its profile and empties the rest. */
export type ApiKeyFormChange = FieldChange<ApiKeyFormState> | { kind: 'created' };

export const emptyApiKeyForm: ApiKeyFormState = {
  userProfileId: null,
  platform: null,
  apiKey: '',
  baseUrl: '',
  description: '',
};

/** The edit dialog starts from the row. */
export const apiKeyFormOf = (
  key: Pick<ApiKey, 'userProfileId' | 'platform' | 'apiKey' | 'baseUrl' | 'description'>,
): ApiKeyFormState => ({
  userProfileId: key.userProfileId,
  platform: key.platform,
  apiKey: key.apiKey,
  baseUrl: key.baseUrl ?? '',
  description: key.description,
});

/** spec §2: the Base URL input exists for bison only, and the base URL is sent for bison only (spec §5). */
export const needsBaseUrl = (platform: Platform | null): boolean => platform === 'bison';

const applyChange = (state: ApiKeyFormState, change: ApiKeyFormChange): ApiKeyFormState =>
  isFieldChange(change)
    ? withField(state, change)
    : { ...emptyApiKeyForm, userProfileId: state.userProfileId };

/** The state as the contract's body before its checks; the contract's schemas hold the messages and the trimming. */
const draftOf = (state: ApiKeyFormState, withProfile: boolean) => ({
  platform: state.platform ?? undefined,
  apiKey: state.apiKey,
  description: state.description,
  ...(withProfile ? { userProfileId: state.userProfileId ?? undefined } : {}),
  ...(needsBaseUrl(state.platform) ? { baseUrl: state.baseUrl } : {}),
});

/**
 * spec §5 "API key create": the contract's own checks and messages (the api runs the same schema), in
 * the spec's order: platform, key, description, profile, then bison's base URL.
 */
export const apiKeyCreateForm: FormRules<
  ApiKeyFormState,
  ApiKeyFormChange,
  ApiKeyCreate,
  ApiKeyField
> = {
  apply: applyChange,
  problem: (state) => firstIssue(apiKeyCreate.safeParse(draftOf(state, true))),
  toPayload: (state) => apiKeyCreate.parse(draftOf(state, true)),
};

/** spec §5 "API key update": a missing key stops the save silently; otherwise the contract's checks (bison needs a valid base URL). */
export const apiKeyEditForm: FormRules<
  ApiKeyFormState,
  ApiKeyFormChange,
  ApiKeyUpdate,
  ApiKeyField
> = {
  apply: applyChange,
  problem: (state) => {
    if (state.apiKey.trim() === '')
      return { field: 'apiKey', message: 'Please enter a valid API key', silent: true };
    return firstIssue(apiKeyUpdate.safeParse(draftOf(state, false)));
  },
  toPayload: (state) => apiKeyUpdate.parse(draftOf(state, false)),
};

/** The body of the server check an update must pass first (POST /api/admin/dashboard/api-keys/check). */
export function apiKeyCheckPayload(state: ApiKeyFormState): ApiKeyCheck {
  const { platform, apiKey, baseUrl } = apiKeyEditForm.toPayload(state);
  return baseUrl ? { platform, apiKey, baseUrl } : { platform, apiKey };
}
