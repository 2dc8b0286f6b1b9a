import {
  apiKeyTexts,
  canAddLeadCategories,
  createdKeyToast,
  deleteQuestion,
  displayedApiKey,
  hasReadOnlyKeys,
  MASKED_API_KEY,
  toggleShown,
  updateCheckFailedToast,
  validationResultToast,
  withCreatedKey,
  withoutKey,
  withUpdatedKey,
  withValidation,
} from './rules';
import { keyRow } from './test-data';

describe('API key checks (spec §8)', () => {
  it('says "API key validated" for a valid key and "Invalid API key" otherwise', () => {
    expect(validationResultToast({ id: 1, isValid: true })).toEqual({
      severity: 'success',
      summary: 'Success',
      detail: 'API key validated',
      life: 3000,
    });
    expect(validationResultToast({ id: 1, isValid: false })).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'Invalid API key',
      life: 3000,
    });
  });
  it('has the exact texts of the catalogue', () => {
    expect(apiKeyTexts).toMatchObject({
      updated: 'Updated API key',
      validated: 'API key validated',
      checkPassed: 'Validated API key',
      noLeadCategories: 'No lead categories found Or Invalid API Key',
      categoriesAdded: 'Categories added',
    });
  });
  it('keeps a failed server check on update until dismissed, "An unknown error occurred" without the platform\'s words', () => {
    expect(updateCheckFailedToast('Instantly refused the key')).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'Instantly refused the key',
      life: 0,
    });
    expect(updateCheckFailedToast(null)).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'An unknown error occurred',
      life: 0,
    });
  });
  it('says after a create whether the platform accepted the key', () => {
    expect(createdKeyToast({ platform: 'smartlead', isValid: true })).toEqual({
      severity: 'success',
      summary: 'Success',
      detail: 'Created API key: Smartlead accepted it',
      life: 3000,
    });
    expect(createdKeyToast({ platform: 'bison', isValid: false })).toEqual({
      severity: 'warn',
      summary: 'Created',
      detail: 'Created API key, but EmailBison did not accept it: check the key and use Edit',
      life: 3000,
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
    expect(withCreatedKey(lists, keyRow(3), false)).toEqual({
      apiKeys: [keyRow(1), keyRow(2), keyRow(3)],
      allApiKeys: lists.allApiKeys,
    });
    expect(withCreatedKey(lists, keyRow(3), true).allApiKeys.map((key) => key.id)).toEqual([
      1, 2, 9, 3,
    ]);
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
  it('tells a list with keys of other users the viewer may not change', () => {
    expect(hasReadOnlyKeys(lists.allApiKeys)).toBe(false);
    expect(hasReadOnlyKeys([keyRow(1), keyRow(9, { canManage: false })])).toBe(true);
  });
  it('removes a deleted key from both lists', () => {
    expect(withoutKey(lists, 2)).toEqual({
      apiKeys: [keyRow(1)],
      allApiKeys: [keyRow(1), keyRow(9)],
    });
  });
});

describe('lead categories and delete', () => {
  it('lets heyreach keys add categories, and no other', () => {
    expect(canAddLeadCategories(keyRow(1, { platform: 'heyreach' }))).toBe(true);
    for (const platform of ['smartlead', 'instantly', 'bison'] as const)
      expect(canAddLeadCategories(keyRow(1, { platform }))).toBe(false);
  });
  it('adds categories only to keys the api lets the user change (canManage)', () => {
    expect(canAddLeadCategories(keyRow(1, { platform: 'heyreach', canManage: false }))).toBe(false);
  });
  it('asks "Do you want to delete ...?"', () => {
    expect(deleteQuestion(keyRow(1, { description: 'Main key' }))).toBe(
      'Do you want to delete the API key "Main key"?',
    );
  });
});
