import { badRequest } from '../../http/http-error.js';
import type { ApiKeyRecord } from '../../repositories/api-keys.js';
import type { Platform } from '../../db/schema.js';

/** 400 unless the key is for the platform that has the thing asked for ("a client list", "HeyReach lists"). */
export function requirePlatform(record: ApiKeyRecord, platform: Platform, what: string): void {
  if (record.platform !== platform) throw badRequest(`Only ${platform} API keys have ${what}; this key is for ${record.platform}`);
}
