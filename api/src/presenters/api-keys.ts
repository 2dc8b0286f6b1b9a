import type { ApiKey, LeadCategory } from 'shared/contract';
import type { PlatformLeadCategory } from '../adapters/platform-answer.js';
import { mayActOn } from '../authz/index.js';
import type { LeadCategoryRow } from '../db/schema.js';
import type { ApiKeyRecord } from '../repositories/api-keys.js';
import type { UserRecord } from '../repositories/users.js';

/** A key as lists show it: dots and the last 4 characters (dots only for a short key). The full key is revealed on request. */
export function maskApiKey(key: string): string {
  return key.length > 8 ? `••••${key.slice(-4)}` : '••••';
}

export interface ApiKeyView {
  /** The key in clear text (opened from storage); only its last 4 characters are shown. */
  plainKey: string;
  /** The user looking: canManage is the policy's answer for them (updateApiKey's, which revealApiKey shares). */
  viewer: UserRecord;
  /** The block lists that push into this key's platform; [] until block lists exist. */
  syncBlockList?: { id: number; listName: string }[];
}

/**
 * spec §3 "API key". canManage is the rule of PUT, validate, DELETE and adding lead categories
 * (the policy of updateApiKey, the same as validate, delete and add lead categories).
 */
export function toApiKey(record: ApiKeyRecord, view: ApiKeyView): ApiKey {
  return {
    id: record.id,
    apiKey: maskApiKey(view.plainKey),
    description: record.description,
    platform: record.platform,
    baseUrl: record.platform === 'bison' ? record.baseUrl : null,
    userProfileId: record.userProfileId,
    userProfile: {
      id: record.profile.id,
      profile: record.profile.crm,
      email: record.profile.email,
      organizationId: record.profile.organizationId,
      organizationDomain: record.profile.organizationDomain,
    },
    isValid: record.isValid,
    syncBlockList: view.syncBlockList ?? [],
    createdAt: record.createdAt,
    canManage: mayActOn(view.viewer, 'updateApiKey', record),
  };
}

/** A category read from a platform. */
export const toLeadCategory = (category: PlatformLeadCategory): LeadCategory => ({
  id: category.id,
  created_at: category.created_at,
  name: category.name,
});

/** A category a user added (heyreach): its id is the derived categoryId. */
export const toStoredLeadCategory = (row: LeadCategoryRow): LeadCategory => ({
  id: row.category_id,
  created_at: row.created_at,
  name: row.name,
});
