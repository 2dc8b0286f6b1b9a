import type { Platform } from '../../contract/api-keys.js';
import type { InternalEvent, NormaliseResult } from '../internal-event.js';
import { normaliseBison as bison } from './bison.js';
import { objectLookupIdIn } from './common.js';
import { normaliseHeyreach as heyreach } from './heyreach.js';
import { normaliseInstantly as instantly } from './instantly.js';
import { normaliseSmartlead as smartlead } from './smartlead.js';

export { OBJECT_LOOKUP_FIELD, objectLookupIdIn } from './common.js';

/** Every normaliser also reads the lead's os_objectlookup_id, wherever its platform keeps custom fields. */
const withLookupId =
  (normalise: (payload: unknown) => NormaliseResult) =>
  (payload: unknown): NormaliseResult => {
    const result = normalise(payload);
    if (result.ok && result.event.lead.objectLookupId === null)
      result.event.lead.objectLookupId = objectLookupIdIn(payload);
    return result;
  };

export const normaliseBison = withLookupId(bison);
export const normaliseHeyreach = withLookupId(heyreach);
export const normaliseInstantly = withLookupId(instantly);
export const normaliseSmartlead = withLookupId(smartlead);

const normalisers: Record<Platform, (payload: unknown) => NormaliseResult> = {
  smartlead: normaliseSmartlead,
  instantly: normaliseInstantly,
  bison: normaliseBison,
  heyreach: normaliseHeyreach,
};

const NUL = '\u0000';

const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes(NUL)
    : value !== null && typeof value === 'object' && Object.values(value).some(holdsNul);

const withoutNul = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replaceAll(NUL, '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNul(item)]));
  return value;
};

/**
 * An event's texts without NUL characters. A platform's JSON may escape one into a field (\u0000); it
 * never means anything there, and PostgreSQL text cannot hold it (the raw body keeps the escape).
 */
export const eventWithoutNul = (event: InternalEvent): InternalEvent =>
  holdsNul(event) ? (withoutNul(event) as InternalEvent) : event;

/** A platform's webhook body (parsed JSON) as the product's one internal event, or the problem with it. */
export const normaliseEvent = (platform: Platform, payload: unknown): NormaliseResult => {
  const result = normalisers[platform](payload);
  return result.ok ? { ok: true, event: eventWithoutNul(result.event) } : result;
};
