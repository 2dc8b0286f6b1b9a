import type { Platform } from '../../contract/api-keys.js';
import type { NormaliseResult } from '../internal-event.js';
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
    if (result.ok && result.event.lead.objectLookupId === null) result.event.lead.objectLookupId = objectLookupIdIn(payload);
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

/** A platform's webhook body (parsed JSON) as the product's one internal event, or the problem with it. */
export const normaliseEvent = (platform: Platform, payload: unknown): NormaliseResult => normalisers[platform](payload);
