import type { FastifyInstance } from 'fastify';
import type { PlatformCredentials } from '../../adapters/platform-answer.js';
import { badRequest, forbidden, notFound } from '../../http/http-error.js';
import { mayManage, readsEveryone } from '../../presenters/ownership.js';
import { findApiKey, type ApiKeyRecord } from '../../repositories/api-keys.js';
import type { UserRecord } from '../../repositories/users.js';
import type { Platform } from '../../db/schema.js';

/**
 * Who may do what with an API key (spec §6): its owner (the user of its CRM profile) reads and
 * changes it; managers and admins read everyone's; only admins change other users' keys. 'change'
 * is `mayManage`, which also fills the key rows' canManage (presenters/api-keys.ts).
 */
export type KeyAccess = 'read' | 'change';

export function mayAccess(user: UserRecord, record: ApiKeyRecord, access: KeyAccess): boolean {
  return access === 'read' ? record.ownerId === user.id || readsEveryone(user) : mayManage(user, record.ownerId);
}

/** The key, or 404 when there is none and 403 when the user may not read or change it. */
export async function loadApiKey(app: FastifyInstance, user: UserRecord, id: number, access: KeyAccess): Promise<ApiKeyRecord> {
  const record = await findApiKey(app.db, id);
  if (!record) throw notFound('API key not found');
  if (!mayAccess(user, record, access)) {
    throw forbidden(access === 'read' ? 'You can only see your own API keys' : 'You can only change your own API keys');
  }
  return record;
}

/** 400 unless the key is for the platform that has the thing asked for ("a client list", "HeyReach lists"). */
export function requirePlatform(record: ApiKeyRecord, platform: Platform, what: string): void {
  if (record.platform !== platform) throw badRequest(`Only ${platform} API keys have ${what}; this key is for ${record.platform}`);
}

/** The stored key opened, with bison's base URL, for an adapter call. */
export function credentialsOf(app: FastifyInstance, record: ApiKeyRecord): PlatformCredentials {
  return { apiKey: app.secretBox.open(record.apiKeySealed), baseUrl: record.baseUrl };
}
