import type { Platform } from '../../contract/api-keys.js';
import type { NormaliseResult } from '../internal-event.js';
import { normaliseBison } from './bison.js';
import { normaliseHeyreach } from './heyreach.js';
import { normaliseInstantly } from './instantly.js';
import { normaliseSmartlead } from './smartlead.js';

export { normaliseBison, normaliseHeyreach, normaliseInstantly, normaliseSmartlead };

const normalisers: Record<Platform, (payload: unknown) => NormaliseResult> = {
  smartlead: normaliseSmartlead,
  instantly: normaliseInstantly,
  bison: normaliseBison,
  heyreach: normaliseHeyreach,
};

/** A platform's webhook body (parsed JSON) as the product's one internal event, or the problem with it. */
export const normaliseEvent = (platform: Platform, payload: unknown): NormaliseResult => normalisers[platform](payload);
