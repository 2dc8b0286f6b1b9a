import type { EmbedArea } from 'shared/contract';

/** What a page passes to `CrmSync.mount(element, options)` (README "Embedding an area"). */
export interface EmbedOptions {
  area: EmbedArea;
  /** The area's screen, under the dashboard's paths, e.g. /smartlead-block-lists. */
  route?: string;
  /** An embed token the page's server minted; without one the calls carry the person's session. */
  token?: string;
  /** Asked for a new token when the one in use expires or is refused. */
  getToken?: () => Promise<string>;
  /** The api's origin; by default the server embed.js was loaded from. */
  apiBaseUrl?: string;
}
