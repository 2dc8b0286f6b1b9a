import type { Agent } from 'undici';
import type { ProviderName } from '../providers/provider-error.js';
import { isOutboundError } from './errors.js';
import { allowListOf, hostRules, type AllowListScope, type OutboundTarget } from './host-rules.js';
import { createOutboundPolicy, type OutboundPolicy } from './policy.js';
import { systemResolve, type ResolveHost } from './resolve.js';
import type { OutboundSettings } from './settings.js';
import {
  guardedAgent,
  guardedRequest,
  type OutboundAnswer,
  type OutboundRequest,
} from './transport.js';

/**
 * The one way the api calls a URL that a user gave or a provider returned (design.md "Background
 * work"): allow-listed hosts per target (providers and endpoints each their own list), https for
 * providers, no loopback, private, link-local, CGNAT, multicast, unspecified or metadata address
 * (checked on the address connected and on every redirect), and a byte cap on answers.
 */
export interface OutboundGuard {
  readonly settings: OutboundSettings;
  /**
   * Throws an OutboundError (kind 'refused') unless `url` may be called for `target`: its scheme and
   * host, and every address its host resolves to now. For URLs a user saves (a webhook endpoint,
   * an EmailBison instance, a Salesforce domain). A host that does not resolve at all is not refused
   * here (its DNS may come later): every connection is checked again when it is made.
   */
  vet(target: OutboundTarget, url: string): Promise<void>;
  /** One call: status, headers and at most `settings.maxAnswerBytes` of body, or an OutboundError. */
  request(target: OutboundTarget, call: OutboundRequest): Promise<OutboundAnswer>;
  /** Closes the pooled connections. */
  close(): Promise<void>;
}

export interface OutboundGuardOptions {
  settings: OutboundSettings;
  /** The base URLs the configuration sends each provider to (their hosts are allowed for it). */
  configuredUrls: Record<ProviderName, readonly string[]>;
  /** DNS look-up; the system's by default. */
  resolve?: ResolveHost;
}

export function createOutboundGuard({
  settings,
  configuredUrls,
  resolve = systemResolve,
}: OutboundGuardOptions): OutboundGuard {
  const policy: OutboundPolicy = createOutboundPolicy(settings, hostRules(configuredUrls), resolve);
  const agents = new Map<AllowListScope, Agent>();
  const pooled = (scope: AllowListScope): Agent => {
    let agent = agents.get(scope);
    if (agent === undefined) {
      agent = guardedAgent(policy, scope);
      agents.set(scope, agent);
    }
    return agent;
  };
  return {
    settings,
    async vet(target, url) {
      const parsed = policy.checkUrl(target, url);
      try {
        await policy.pickAddress(
          allowListOf(target),
          parsed.hostname,
          parsed.port,
          parsed.protocol,
        );
      } catch (error) {
        if (!(isOutboundError(error) && error.kind === 'unresolved')) throw error;
      }
    },
    request: (target, call) =>
      guardedRequest(policy, pooled(allowListOf(target)), settings.maxAnswerBytes, target, call),
    async close() {
      const open = [...agents.values()];
      agents.clear();
      await Promise.all(open.map((agent) => agent.close()));
    },
  };
}
