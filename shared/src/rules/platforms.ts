import { platforms, type Platform } from '../contract/index.js';

/** spec §3 "API key": each platform is shown by its own name; bison is the EmailBison platform. */
const platformLabels: Record<Platform, string> = {
  smartlead: 'Smartlead',
  instantly: 'Instantly',
  bison: 'EmailBison',
  heyreach: 'HeyReach',
};

export const platformLabel = (platform: Platform): string => platformLabels[platform];

const comparable = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * The platforms a searched text names (issue 56): found in the label a person sees ("EmailBison",
 * "Email Bison", "heyreach") as well as in the stored value, in any case; none for a blank text.
 */
export function platformsMatching(text: string): Platform[] {
  const searched = comparable(text);
  if (searched === '') return [];
  return platforms.filter(
    (platform) =>
      comparable(platformLabels[platform]).includes(searched) || platform.includes(searched),
  );
}

/** What an empty API key dropdown says (issue 56): where the missing key is added. */
export const noApiKeyHint = (platform: Platform): string =>
  `No ${platformLabel(platform)} API key yet: add one in API keys`;

/** The platforms as select options, in the spec's order. */
export const platformOptions: ReadonlyArray<{ value: Platform; label: string }> = platforms.map(
  (value) => ({ value, label: platformLabels[value] }),
);

/** A select's value as a platform, or null for the placeholder (or anything else). */
export const toPlatform = (value: string): Platform | null =>
  (platforms as readonly string[]).includes(value) ? (value as Platform) : null;

/** spec §1: heyreach is the social outreach platform; the others are email outreach. */
export const isSocialPlatform = (platform: Platform): boolean => platform === 'heyreach';
