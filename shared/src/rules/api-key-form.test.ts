import {
  apiKeyCheckPayload,
  apiKeyCreateForm,
  apiKeyEditForm,
  apiKeyFormOf,
  emptyApiKeyForm,
  needsBaseUrl,
  type ApiKeyFormState,
} from './api-key-form';

const filled: ApiKeyFormState = {
  userProfileId: 7,
  platform: 'smartlead',
  apiKey: 'sl-valid-key',
  baseUrl: '',
  description: 'Main',
};
const bison: ApiKeyFormState = {
  ...filled,
  platform: 'bison',
  apiKey: 'eb-valid-key',
  baseUrl: 'https://bison.example.test',
};

describe('API key create (spec §5)', () => {
  const { problem, toPayload, apply } = apiKeyCreateForm;
  it.each([
    [{ ...emptyApiKeyForm }, 'platform', 'Please select a platform'],
    [{ ...filled, apiKey: '  ' }, 'apiKey', 'Please enter a valid API key'],
    [{ ...filled, description: ' ' }, 'description', 'Please enter a description'],
    [{ ...filled, userProfileId: null }, 'userProfileId', 'Select Profile'],
    [{ ...bison, baseUrl: '' }, 'baseUrl', 'Please enter a valid base URL'],
    [{ ...bison, baseUrl: 'not a url' }, 'baseUrl', 'Please enter a valid base URL'],
  ] as const)('%j → %s: %s', (state, field, message) => {
    expect(problem(state)).toEqual({ field, message });
  });

  it('checks in the spec order: platform, key, description, profile, base URL', () => {
    expect(problem({ ...emptyApiKeyForm, platform: 'bison' })?.message).toBe(
      'Please enter a valid API key',
    );
    expect(problem({ ...emptyApiKeyForm, platform: 'bison', apiKey: 'k' })?.message).toBe(
      'Please enter a description',
    );
    expect(
      problem({ ...emptyApiKeyForm, platform: 'bison', apiKey: 'k', description: 'd' })?.message,
    ).toBe('Select Profile');
    expect(problem({ ...bison, baseUrl: '' })?.message).toBe('Please enter a valid base URL');
  });

  it('sends the trimmed values, and the base URL for bison only', () => {
    expect(problem(filled)).toBeNull();
    expect(
      toPayload({
        ...filled,
        apiKey: ' sl-new-key ',
        description: ' New one ',
        baseUrl: 'https://left.over',
      }),
    ).toEqual({
      platform: 'smartlead',
      apiKey: 'sl-new-key',
      description: 'New one',
      userProfileId: 7,
    });
    expect(toPayload({ ...bison, baseUrl: ' https://bison.example.test ' })).toEqual({
      platform: 'bison',
      apiKey: 'eb-valid-key',
      description: 'Main',
      userProfileId: 7,
      baseUrl: 'https://bison.example.test',
    });
    expect(needsBaseUrl('bison')).toBe(true);
    expect(needsBaseUrl('heyreach')).toBe(false);
  });

  it('keeps the profile and empties the inputs after a create', () => {
    expect(apply(bison, { kind: 'created' })).toEqual({ ...emptyApiKeyForm, userProfileId: 7 });
    expect(apply(emptyApiKeyForm, { field: 'platform', value: 'heyreach' })).toEqual({
      ...emptyApiKeyForm,
      platform: 'heyreach',
    });
  });
});

describe('API key update (spec §5)', () => {
  const { problem, toPayload } = apiKeyEditForm;
  it('holds back a missing key silently', () => {
    expect(problem({ ...filled, apiKey: ' ' })).toEqual({
      field: 'apiKey',
      message: 'Please enter a valid API key',
      silent: true,
    });
  });
  it('needs a valid base URL for bison', () => {
    expect(problem({ ...bison, baseUrl: 'nope' })).toEqual({
      field: 'baseUrl',
      message: 'Please enter a valid base URL',
    });
  });
  it('starts from the row and sends no profile', () => {
    const state = apiKeyFormOf({
      userProfileId: 7,
      platform: 'bison',
      apiKey: 'eb-valid-key',
      baseUrl: 'https://bison.example.test',
      description: 'Main',
    });
    expect(state).toEqual(bison);
    expect(problem(state)).toBeNull();
    expect(toPayload(state)).toEqual({
      platform: 'bison',
      apiKey: 'eb-valid-key',
      description: 'Main',
      baseUrl: 'https://bison.example.test',
    });
    expect(
      apiKeyFormOf({
        userProfileId: 7,
        platform: 'smartlead',
        apiKey: 'sl-valid-key',
        baseUrl: null,
        description: 'Main',
      }),
    ).toEqual(filled);
  });
  it("checks the key with its platform first: platform, key and bison's base URL", () => {
    expect(apiKeyCheckPayload(bison)).toEqual({
      platform: 'bison',
      apiKey: 'eb-valid-key',
      baseUrl: 'https://bison.example.test',
    });
    expect(apiKeyCheckPayload({ ...filled, apiKey: ' sl-valid-key ' })).toEqual({
      platform: 'smartlead',
      apiKey: 'sl-valid-key',
    });
  });
});
