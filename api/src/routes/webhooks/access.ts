import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../http/http-error.js';
import { readsEveryone } from '../../presenters/ownership.js';
import { findUserProfile, type UserProfileRecord } from '../../repositories/user-profiles.js';
import type { UserRecord } from '../../repositories/users.js';

/** The permission flags' 403s (spec §6: creating needs the flag). */
export const permissionMessages = {
  canWebhook: "You don't have permission to create webhooks: ask an admin to allow webhooks for your account",
  canUserAccount: "You don't have permission to create webhook endpoints: ask an admin to allow webhook endpoints for your account",
  canBlockList: "You don't have permission to create block lists: ask an admin to allow block lists for your account",
} as const;

/** A CRM profile the user may build on (create webhooks, endpoints, block lists): their own only. */
export async function requireOwnProfile(app: FastifyInstance, user: UserRecord, profileId: number): Promise<UserProfileRecord> {
  const profile = await findUserProfile(app.db, profileId);
  if (!profile) throw notFound('Profile not found');
  if (profile.userId !== user.id) throw forbidden('You can only use your own CRM profiles');
  return profile;
}

/** A CRM profile the user may read from: their own, or anyone's for managers and admins. */
export async function requireReadableProfile(app: FastifyInstance, user: UserRecord, profileId: number): Promise<UserProfileRecord> {
  const profile = await findUserProfile(app.db, profileId);
  if (!profile) throw notFound('Profile not found');
  if (profile.userId !== user.id && !readsEveryone(user)) throw forbidden("You can only read your own CRM profiles' owners and endpoints");
  return profile;
}
