import {
  apiKeyTexts,
  canAddLeadCategories,
  checkApiKeyCreate,
  checkApiKeyUpdate,
  checkBodyOf,
  deleteQuestion,
  displayedApiKey,
  emptyApiKeyInputs,
  inputsOf,
  MASKED_API_KEY,
  needsBaseUrl,
  toggleShown,
  updateCheckFailedToast,
  validationResultToast,
  withCreatedKey,
  withoutKey,
  withUpdatedKey,
  withValidation,
  type ApiKeyInputValues,
} from './rules';
import { keyRow } from './test-data';

const filled: ApiKeyInputValues = { platform: 'smartlead', apiKey: ' sl-valid-key ', baseUrl: '', description: ' Main key ' };

describe('API key create (spec §5)', () => {
  it('says "Please select a platform" without a platform', () => {
    expect(checkApiKeyCreate({ ...filled, platform: null }, 7)).toEqual({ ok: false, message: 'Please select a platform' });
  });
  it('says "Please enter a valid API key" for a blank key', () => {
    expect(checkApiKeyCreate({ ...filled, apiKey: '   ' }, 7)).toEqual({ ok: false, message: 'Please enter a valid API key' });
  });
  it('says "Please enter a description" for a blank description', () => {
    expect(checkApiKeyCreate({ ...filled, description: ' ' }, 7)).toEqual({ ok: false, message: 'Please enter a description' });
  });
  it('says "Select Profile" without a profile', () => {
    expect(checkApiKeyCreate(filled, null)).toEqual({ ok: false, message: 'Select Profile' });
  });
  it.each(['', 'not a url', 'ftp://eb.test', 'https://'])('says "Please enter a valid base URL" for bison with base URL %j', (baseUrl) => {
    expect(checkApiKeyCreate({ ...filled, platform: 'bison', baseUrl }, 7)).toEqual({ ok: false, message: 'Please enter a valid base URL' });
  });
  it('checks in the order platform, key, description, profile, base URL', () => {
    expect(checkApiKeyCreate(emptyApiKeyInputs, null)).toMatchObject({ message: 'Please select a platform' });
    expect(checkApiKeyCreate({ ...emptyApiKeyInputs, platform: 'bison' }, null)).toMatchObject({ message: 'Please enter a valid API key' });
    expect(checkApiKeyCreate({ ...emptyApiKeyInputs, platform: 'bison', apiKey: 'k' }, null)).toMatchObject({ message: 'Please enter a description' });
    expect(checkApiKeyCreate({ ...emptyApiKeyInputs, platform: 'bison', apiKey: 'k', description: 'd' }, null)).toMatchObject({ message: 'Select Profile' });
  });
  it('builds the trimmed body without a base URL for the other platforms', () => {
    for (const platform of ['smartlead', 'instantly', 'heyreach'] as const) {
      expect(checkApiKeyCreate({ ...filled, platform, baseUrl: 'https://ignored.test' }, 7)).toEqual({
        ok: true,
        body: { platform, apiKey: 'sl-valid-key', description: 'Main key', userProfileId: 7 },
      });
    }
  });
  it('sends the trimmed base URL for bison', () => {
    expect(checkApiKeyCreate({ ...filled, platform: 'bison', apiKey: 'eb-valid-key', baseUrl: ' https://eb.example.test ' }, 7)).toEqual({
      ok: true,
      body: { platform: 'bison', apiKey: 'eb-valid-key', description: 'Main key', userProfileId: 7, baseUrl: 'https://eb.example.test' },
    });
  });
  it('shows the Base URL input for bison only', () => {
    expect(needsBaseUrl('bison')).toBe(true);
    expect(needsBaseUrl('smartlead')).toBe(false);
    expect(needsBaseUrl(null)).toBe(false);
  });
});

describe('API key update (spec §5)', () => {
  it('fails silently without a key', () => {
    expect(checkApiKeyUpdate({ ...filled, apiKey: '  ' })).toEqual({ ok: false, message: null });
  });
  it('needs a valid base URL for bison', () => {
    expect(checkApiKeyUpdate({ ...filled, platform: 'bison', baseUrl: 'eb' })).toEqual({ ok: false, message: 'Please enter a valid base URL' });
  });
  it('builds the trimmed body, with the base URL for bison only', () => {
    expect(checkApiKeyUpdate(filled)).toEqual({ ok: true, body: { platform: 'smartlead', apiKey: 'sl-valid-key', description: 'Main key' } });
    expect(checkApiKeyUpdate({ ...filled, platform: 'bison', baseUrl: 'https://eb.test/' })).toEqual({
      ok: true,
      body: { platform: 'bison', apiKey: 'sl-valid-key', description: 'Main key', baseUrl: 'https://eb.test/' },
    });
  });
  it('sends the server check platform, key and base URL', () => {
    expect(checkBodyOf({ platform: 'bison', apiKey: 'k', description: 'd', baseUrl: 'https://eb.test' })).toEqual({ platform: 'bison', apiKey: 'k', baseUrl: 'https://eb.test' });
    expect(checkBodyOf({ platform: 'smartlead', apiKey: 'k', description: 'd' })).toEqual({ platform: 'smartlead', apiKey: 'k' });
  });
  it('keeps a failed server check until dismissed', () => {
    expect(updateCheckFailedToast('Invalid Smartlead API key')).toEqual({ severity: 'error', summary: 'Error', detail: 'Invalid Smartlead API key', life: 0 });
    expect(updateCheckFailedToast('')).toEqual({ severity: 'error', summary: 'Error', detail: 'An unknown error occurred', life: 0 });
  });
  it('starts the edit inputs from the row', () => {
    expect(inputsOf(keyRow(3, { platform: 'bison', baseUrl: 'https://eb.test' }))).toEqual({ platform: 'bison', apiKey: 'sl-key-3', baseUrl: 'https://eb.test', description: 'Key 3' });
    expect(inputsOf(keyRow(4))).toMatchObject({ baseUrl: '' });
  });
});

describe('API key checks (spec §8)', () => {
  it('says "API key validated" for a valid key and "Invalid API key" otherwise', () => {
    expect(validationResultToast({ id: 1, isValid: true })).toEqual({ severity: 'success', summary: 'Success', detail: 'API key validated', life: 3000 });
    expect(validationResultToast({ id: 1, isValid: false })).toEqual({ severity: 'error', summary: 'Error', detail: 'Invalid API key', life: 3000 });
  });
  it('has the exact texts of the catalogue', () => {
    expect(apiKeyTexts).toMatchObject({
      noIntegrations: "You don't have any integrations!",
      updated: 'Updated API key',
      validated: 'API key validated',
      checkPassed: 'Validated API key',
      unknownError: 'An unknown error occurred',
      noLeadCategories: 'No lead categories found Or Invalid API Key',
      categoriesAdded: 'Categories added',
      somethingWentWrong: 'Something went wrong',
    });
  });
});

describe('masking (spec §4, §9)', () => {
  it('shows the fixed placeholder until shown, whatever the key', () => {
    expect(displayedApiKey('sl-valid-key', false)).toBe(MASKED_API_KEY);
    expect(displayedApiKey('x', false)).toBe(MASKED_API_KEY);
    expect(displayedApiKey('sl-valid-key', true)).toBe('sl-valid-key');
    expect(MASKED_API_KEY).not.toMatch(/[a-z0-9]/i);
  });
  it('toggles one row without changing the given set', () => {
    const shown = new Set([1]);
    expect([...toggleShown(shown, 2)]).toEqual([1, 2]);
    expect([...toggleShown(shown, 1)]).toEqual([]);
    expect([...shown]).toEqual([1]);
  });
});

describe('the lists after actions (spec §4)', () => {
  const lists = { apiKeys: [keyRow(1), keyRow(2)], allApiKeys: [keyRow(1), keyRow(2), keyRow(9)] };
  it('adds a created key to the own list, and to all keys when that table is shown', () => {
    expect(withCreatedKey(lists, keyRow(3), false)).toEqual({ apiKeys: [keyRow(1), keyRow(2), keyRow(3)], allApiKeys: lists.allApiKeys });
    expect(withCreatedKey(lists, keyRow(3), true).allApiKeys.map((key) => key.id)).toEqual([1, 2, 9, 3]);
  });
  it('replaces an updated key in both lists', () => {
    const updated = keyRow(2, { description: 'Renamed' });
    const next = withUpdatedKey(lists, updated);
    expect(next.apiKeys[1]).toBe(updated);
    expect(next.allApiKeys[1]).toBe(updated);
    expect(lists.apiKeys[1].description).toBe('Key 2');
  });
  it('sets a check verdict in both lists', () => {
    const next = withValidation(lists, { id: 1, isValid: false });
    expect(next.apiKeys[0].isValid).toBe(false);
    expect(next.allApiKeys[0].isValid).toBe(false);
    expect(next.apiKeys[1].isValid).toBe(true);
  });
  it('removes a deleted key from both lists', () => {
    expect(withoutKey(lists, 2)).toEqual({ apiKeys: [keyRow(1)], allApiKeys: [keyRow(1), keyRow(9)] });
  });
});

describe('lead categories and delete', () => {
  it('lets heyreach keys add categories, and no other', () => {
    expect(canAddLeadCategories(keyRow(1, { platform: 'heyreach' }))).toBe(true);
    for (const platform of ['smartlead', 'instantly', 'bison'] as const) expect(canAddLeadCategories(keyRow(1, { platform }))).toBe(false);
  });
  it('adds categories only to keys the api lets the user change (canManage)', () => {
    expect(canAddLeadCategories(keyRow(1, { platform: 'heyreach', canManage: false }))).toBe(false);
  });
  it('asks "Do you want to delete ...?"', () => {
    expect(deleteQuestion(keyRow(1, { description: 'Main key' }))).toBe('Do you want to delete the API key "Main key"?');
  });
});
