import type { ProviderName } from '../providers/provider-error.js';

/** Who a call is for: one of the six providers, or a webhook endpoint a user saved. */
export type OutboundTarget = ProviderName | 'Webhook endpoint';

/**
 * Which allow-list lets a target through to a private or loopback host: OUTBOUND_ALLOW_HOSTS for the
 * providers, ENDPOINT_ALLOW_HOSTS for the endpoints users save; neither opens a host to the other
 * (issue 53: a provider's stand-in was readable through any user's endpoint answer).
 */
export type AllowListScope = 'providers' | 'endpoints';

export const allowListOf = (target: OutboundTarget): AllowListScope =>
  target === 'Webhook endpoint' ? 'endpoints' : 'providers';

/** Which URLs a target may be called at, before its addresses are looked at. */
export interface HostRule {
  schemes: readonly string[];
  /** Exact host names. */
  hosts: readonly string[];
  /** Host names under any of these (a dot boundary: "acme.my.salesforce.com" is under "my.salesforce.com"). */
  suffixes: readonly string[];
  /** Any host name (its addresses must still be public): EmailBison instances and webhook endpoints. */
  anyHost: boolean;
  /** The rule in words, for refusals. */
  description: string;
}

/**
 * The hosts Salesforce serves an org's My Domain and instance from: production
 * (`MyDomain.my.salesforce.com`), sandboxes (`MyDomain--Sandbox.sandbox.my.salesforce.com`), scratch,
 * Developer Edition, demo, patch and Trailhead orgs (`.scratch.`, `.develop.`, `.demo.`, `.patch.`,
 * `.trailblaze.my.salesforce.com`), the Lightning and legacy instance hosts under force.com, and the
 * generic login hosts.
 */
export const SALESFORCE_DOMAIN_SUFFIXES = ['my.salesforce.com', 'force.com'] as const;
export const SALESFORCE_LOGIN_HOSTS = ['login.salesforce.com', 'test.salesforce.com'] as const;

const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};

/**
 * The rules, given the base URLs the configuration sends each provider to: HubSpot, Smartlead,
 * Instantly and HeyReach only at their configured hosts; Salesforce at its documented domains (and the
 * configured override); EmailBison at any host; webhook endpoints at any host, http or https.
 */
export function hostRules(
  configured: Record<ProviderName, readonly string[]>,
): Record<OutboundTarget, HostRule> {
  const hostsOf = (provider: ProviderName): string[] =>
    configured[provider].map(hostOf).filter((host): host is string => host !== undefined);
  const fixed = (provider: ProviderName): HostRule => {
    const hosts = hostsOf(provider);
    return {
      schemes: ['https:'],
      hosts,
      suffixes: [],
      anyHost: false,
      description: `${provider}'s configured host (${hosts.join(', ')})`,
    };
  };
  return {
    HubSpot: fixed('HubSpot'),
    Smartlead: fixed('Smartlead'),
    Instantly: fixed('Instantly'),
    HeyReach: fixed('HeyReach'),
    Salesforce: {
      schemes: ['https:'],
      hosts: [...SALESFORCE_LOGIN_HOSTS, ...hostsOf('Salesforce')],
      suffixes: SALESFORCE_DOMAIN_SUFFIXES,
      anyHost: false,
      description: 'a Salesforce domain (*.my.salesforce.com or *.force.com)',
    },
    EmailBison: {
      schemes: ['https:'],
      hosts: [],
      suffixes: [],
      anyHost: true,
      description: 'an https instance URL',
    },
    'Webhook endpoint': {
      schemes: ['https:', 'http:'],
      hosts: [],
      suffixes: [],
      anyHost: true,
      description: 'an http or https URL',
    },
  };
}

/** The host name without a trailing dot, lowercase. */
export const canonicalHost = (hostname: string): string =>
  hostname.toLowerCase().replace(/\.$/, '');

export function hostMatches(rule: HostRule, hostname: string): boolean {
  const host = canonicalHost(hostname);
  if (rule.anyHost || rule.hosts.includes(host)) return true;
  return rule.suffixes.some((suffix) => host.endsWith(`.${suffix}`));
}
