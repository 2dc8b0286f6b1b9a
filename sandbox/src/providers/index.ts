import type { AnyProvider } from '../core/provider.js';
import { catcher } from './catcher/index.js';
import { emailbison } from './emailbison/index.js';
import { heyreach } from './heyreach/index.js';
import { hubspot } from './hubspot/index.js';
import { instantly } from './instantly/index.js';
import { salesforce } from './salesforce/index.js';
import { smartlead } from './smartlead/index.js';

/** Every stand-in, in the order the inspection page shows them; last, the catcher for forwarded events. */
export const providers: AnyProvider[] = [
  hubspot,
  salesforce,
  smartlead,
  instantly,
  emailbison,
  heyreach,
  catcher,
];
