import { isIpLiteral, refusedAddressReason, unbracket } from './addresses.js';
import { OutboundError, outboundRefused } from './errors.js';
import {
  allowListOf,
  canonicalHost,
  hostMatches,
  type AllowListScope,
  type HostRule,
  type OutboundTarget,
} from './host-rules.js';
import type { ResolveHost } from './resolve.js';
import type { OutboundSettings } from './settings.js';

const defaultPort = (protocol: string): string => (protocol === 'https:' ? '443' : '80');

/**
 * The guard's decisions, without any I/O but the DNS look-up: which URLs a target may be called at,
 * and which address a host may be connected to.
 */
export interface OutboundPolicy {
  /** The URL parsed, or an OutboundError: scheme, host rule, and an IP literal's class. No DNS. */
  checkUrl(target: OutboundTarget, url: string): URL;
  /**
   * The address to connect to for host:port: the host itself when the scope's allow-list names it,
   * else one it resolves to after every address it resolves to was found public (else an OutboundError).
   */
  pickAddress(
    scope: AllowListScope,
    hostname: string,
    port: string,
    protocol: string,
  ): Promise<string>;
}

export function createOutboundPolicy(
  settings: OutboundSettings,
  rules: Record<OutboundTarget, HostRule>,
  resolve: ResolveHost,
): OutboundPolicy {
  const allowLists: Record<AllowListScope, readonly string[]> = {
    providers: settings.allowHosts,
    endpoints: settings.endpointAllowHosts,
  };
  const isAllowListed = (scope: AllowListScope, hostname: string, port: string): boolean => {
    const host = canonicalHost(hostname);
    const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    const allowed = allowLists[scope];
    return allowed.includes(bracketed) || allowed.includes(`${bracketed}:${port}`);
  };

  function checkUrl(target: OutboundTarget, text: string): URL {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw outboundRefused('the URL could not be read');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw outboundRefused(`only https URLs are called, not ${url.protocol.replace(/:$/, '')}`);
    if (url.username || url.password)
      throw outboundRefused('URLs with a user name or password are not called');
    if (isAllowListed(allowListOf(target), url.hostname, url.port || defaultPort(url.protocol)))
      return url;
    const rule = rules[target];
    if (!rule.schemes.includes(url.protocol))
      throw outboundRefused(
        `only ${rule.schemes.map((scheme) => scheme.replace(/:$/, '')).join(' or ')} URLs are called`,
      );
    if (isIpLiteral(url.hostname)) {
      const reason = refusedAddressReason(url.hostname);
      if (reason) throw outboundRefused(`${unbracket(url.hostname)} is ${reason}`);
      if (!rule.anyHost) throw outboundRefused(`the host is not ${rule.description}`);
      return url;
    }
    if (!hostMatches(rule, url.hostname))
      throw outboundRefused(`the host is not ${rule.description}`);
    return url;
  }

  async function pickAddress(
    scope: AllowListScope,
    hostname: string,
    port: string,
    protocol: string,
  ): Promise<string> {
    const host = unbracket(hostname);
    if (isAllowListed(scope, host, port || defaultPort(protocol))) return host;
    if (isIpLiteral(host)) {
      const reason = refusedAddressReason(host);
      if (reason) throw outboundRefused(`${host} is ${reason}`);
      return host;
    }
    let addresses: string[];
    try {
      addresses = await resolve(canonicalHost(host));
    } catch {
      throw new OutboundError(
        'unresolved',
        `the host ${canonicalHost(host)} could not be resolved`,
      );
    }
    if (addresses.length === 0)
      throw new OutboundError(
        'unresolved',
        `the host ${canonicalHost(host)} could not be resolved`,
      );
    for (const address of addresses) {
      const reason = refusedAddressReason(address);
      if (reason) throw outboundRefused(`the host ${canonicalHost(host)} resolves to ${reason}`);
    }
    return addresses[0] as string;
  }

  return { checkUrl, pickAddress };
}
