import type { FastifyInstance } from 'fastify';
import type { CrmProperty } from 'shared/contract';

/** How long a HubSpot profile's contact properties are served from memory. */
export const CONTACT_PROPERTIES_TTL_MS = 5 * 60 * 1000;

interface Entry {
  expiresAt: number;
  properties: CrmProperty[];
}

const caches = new WeakMap<FastifyInstance, Map<number, Entry>>();

function cacheOf(app: FastifyInstance): Map<number, Entry> {
  let cache = caches.get(app);
  if (!cache) {
    cache = new Map();
    caches.set(app, cache);
  }
  return cache;
}

/** Contact properties per HubSpot profile, kept in memory for a few minutes (spec §7: cached per user). */
export async function cachedContactProperties(app: FastifyInstance, profileId: number, load: () => Promise<CrmProperty[]>, now = Date.now): Promise<CrmProperty[]> {
  const cache = cacheOf(app);
  const hit = cache.get(profileId);
  if (hit && hit.expiresAt > now()) return hit.properties;
  const properties = await load();
  cache.set(profileId, { expiresAt: now() + CONTACT_PROPERTIES_TTL_MS, properties });
  return properties;
}

/** Drops a profile's cached properties (it was deleted or connected again). */
export function forgetContactProperties(app: FastifyInstance, profileId: number): void {
  cacheOf(app).delete(profileId);
}
