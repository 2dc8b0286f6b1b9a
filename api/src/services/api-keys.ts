import { normalizeBisonBaseUrl } from '../adapters/emailbison/index.js';
import { platformAdapters, type PlatformCredentials } from '../adapters/platforms.js';
import type { Platform } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { requireCallableUrl } from './callable-url.js';
import { invalid, notFound } from './domain-errors.js';
import {
  insertApiKey,
  setApiKeyValidity,
  updateApiKey as updateApiKeyRow,
  type ApiKeyRecord,
  type ProfileOwner,
} from '../repositories/api-keys.js';

/** baseUrl is kept for bison only (spec §5). */
export const storedBaseUrl = (
  platform: Platform,
  baseUrl: string | null | undefined,
): string | null => (platform === 'bison' && baseUrl ? baseUrl : null);

/**
 * A bison key's instance is a URL the user gives: unless every instance goes to the override (the
 * sandbox), it must be one the outbound guard calls (https, public address), else a 400 on baseUrl.
 */
async function requireCallableBaseUrl(
  deps: Pick<Deps, 'providers'>,
  platform: Platform,
  baseUrl: string | null,
): Promise<void> {
  const { guard, emailbisonBaseUrlOverride } = deps.providers;
  if (platform !== 'bison' || baseUrl === null || emailbisonBaseUrlOverride) return;
  await requireCallableUrl(
    guard,
    'EmailBison',
    normalizeBisonBaseUrl(baseUrl) ?? baseUrl,
    'baseUrl',
    'The base URL',
  );
}

/** 400 unless the key is for the platform that has the thing asked for ("a client list", "HeyReach lists"). */
export function requirePlatform(
  record: Pick<ApiKeyRecord, 'platform'>,
  platform: Platform,
  what: string,
): void {
  if (record.platform !== platform)
    throw invalid(`Only ${platform} API keys have ${what}; this key is for ${record.platform}`);
}

/** The stored key opened, with bison's base URL, for an adapter call. */
export function credentialsOf(
  deps: Pick<Deps, 'secretBox'>,
  record: Pick<ApiKeyRecord, 'apiKeySealed' | 'baseUrl'>,
): PlatformCredentials {
  return { apiKey: deps.secretBox.open(record.apiKeySealed), baseUrl: record.baseUrl };
}

export interface KeyInput {
  platform: Platform;
  apiKey: string;
  baseUrl?: string | null | undefined;
}

/** Asks the platform whether it takes a key: valid, or not with the platform's message. */
export async function checkKey(
  deps: Pick<Deps, 'providers'>,
  input: KeyInput,
): Promise<{ isValid: boolean; message: string }> {
  const adapter = platformAdapters[input.platform];
  const baseUrl = storedBaseUrl(input.platform, input.baseUrl);
  await requireCallableBaseUrl(deps, input.platform, baseUrl);
  const check = await adapter.checkKey(deps.providers, { apiKey: input.apiKey, baseUrl });
  return check.valid
    ? { isValid: true, message: `${adapter.provider} accepted the API key` }
    : { isValid: false, message: check.message };
}

/** Stores a key on a profile (sealed), with whether the platform took it. */
export async function createApiKey(
  deps: Deps,
  profile: ProfileOwner,
  input: KeyInput & { description: string },
): Promise<ApiKeyRecord> {
  const baseUrl = storedBaseUrl(input.platform, input.baseUrl);
  await requireCallableBaseUrl(deps, input.platform, baseUrl);
  const check = await platformAdapters[input.platform].checkKey(deps.providers, {
    apiKey: input.apiKey,
    baseUrl,
  });
  return insertApiKey(
    deps.db,
    {
      profile,
      platform: input.platform,
      apiKeySealed: deps.secretBox.seal(input.apiKey),
      description: input.description,
      baseUrl,
      isValid: check.valid,
    },
    deps.clock.now(),
  );
}

/** spec §5 "API key update": the platform must take the new key, else its message (400) and nothing changes. */
export async function updateApiKey(
  deps: Deps,
  record: ApiKeyRecord,
  input: KeyInput & { description?: string | null | undefined },
): Promise<ApiKeyRecord> {
  const baseUrl = storedBaseUrl(input.platform, input.baseUrl);
  await requireCallableBaseUrl(deps, input.platform, baseUrl);
  const check = await platformAdapters[input.platform].checkKey(deps.providers, {
    apiKey: input.apiKey,
    baseUrl,
  });
  if (!check.valid) throw invalid(check.message);
  const updated = await updateApiKeyRow(deps.db, record.id, {
    platform: input.platform,
    apiKeySealed: deps.secretBox.seal(input.apiKey),
    description: input.description ? input.description : record.description,
    baseUrl,
    isValid: true,
  });
  if (!updated) throw notFound('API key not found');
  return updated;
}

/** Checks a stored key again and records the answer. */
export async function validateApiKey(deps: Deps, record: ApiKeyRecord): Promise<boolean> {
  const check = await platformAdapters[record.platform].checkKey(
    deps.providers,
    credentialsOf(deps, record),
  );
  await setApiKeyValidity(deps.db, record.id, check.valid);
  return check.valid;
}
