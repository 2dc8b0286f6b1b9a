import type { ConfigVariable } from '../config.js';

/** What the outbound guard allows beyond its rules, and how much of an answer it reads. */
export interface OutboundSettings {
  /**
   * host:port pairs (lowercase; `[::1]:8090` for IPv6) a CRM or platform is called at as they are:
   * http allowed, any address, no provider host rule. The sandbox of the default run; local stand-ins
   * in tests. An entry without a port allows every port of that host. Never opens a host to endpoints.
   */
  allowHosts: readonly string[];
  /** The same for the webhook endpoints users save (the sandbox's catcher); never opens a host to providers. */
  endpointAllowHosts: readonly string[];
  /** Answers longer than this are cut and the call fails. */
  maxAnswerBytes: number;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_MAX_ANSWER_BYTES = 1024 * 1024;

/** "http://localhost:8090/x" → "localhost:8090"; "127.0.0.1:9" stays; "[::1]" stays (any port). */
export function allowHostEntry(text: string, name = 'OUTBOUND_ALLOW_HOSTS'): string {
  const trimmed = text.trim().toLowerCase();
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`);
  if (url.pathname !== '/' && url.pathname !== '')
    throw new Error(`${name} entries are host or host:port, got "${text}"`);
  const explicitPort =
    url.port ||
    (/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? (url.protocol === 'https:' ? '443' : '80') : '');
  return explicitPort ? `${url.hostname}:${explicitPort}` : url.hostname;
}

/** One allow-list setting: its entries, or the sandbox's host:port when unset and the sandbox is on. */
function allowList(env: Env, name: string, sandboxUrl: string | null): string[] {
  const raw = env[name]?.trim();
  const entries =
    raw === undefined || raw === ''
      ? sandboxUrl
        ? [sandboxUrl]
        : []
      : raw.split(',').filter((entry) => entry.trim() !== '');
  const hosts = entries.map((entry) => {
    try {
      return allowHostEntry(entry, name);
    } catch (error) {
      throw new Error(
        error instanceof Error && error.message.startsWith(name)
          ? error.message
          : `${name} entries are host or host:port, got "${entry.trim()}"`,
      );
    }
  });
  return [...new Set(hosts)];
}

/**
 * OUTBOUND_ALLOW_HOSTS and ENDPOINT_ALLOW_HOSTS (each by default the sandbox's host:port when
 * SANDBOX_URL is on, nothing with SANDBOX_URL=off) and OUTBOUND_MAX_ANSWER_BYTES (default 1 MB).
 */
export function loadOutboundSettings(env: Env, sandboxUrl: string | null): OutboundSettings {
  const bytesText = env.OUTBOUND_MAX_ANSWER_BYTES?.trim();
  const maxAnswerBytes = bytesText ? Number(bytesText) : DEFAULT_MAX_ANSWER_BYTES;
  if (!Number.isInteger(maxAnswerBytes) || maxAnswerBytes <= 0)
    throw new Error(
      `OUTBOUND_MAX_ANSWER_BYTES must be a positive whole number, got "${bytesText}"`,
    );
  return {
    allowHosts: allowList(env, 'OUTBOUND_ALLOW_HOSTS', sandboxUrl),
    endpointAllowHosts: allowList(env, 'ENDPOINT_ALLOW_HOSTS', sandboxUrl),
    maxAnswerBytes,
  };
}

export const outboundConfigVariables: readonly ConfigVariable[] = [
  {
    name: 'OUTBOUND_ALLOW_HOSTS',
    default: "the sandbox's host:port (none with SANDBOX_URL=off)",
    description:
      'Comma-separated host:port pairs a CRM or platform is called at as they are (http, loopback or private addresses); they are not opened to webhook endpoints, and nothing else on a private address is ever called.',
  },
  {
    name: 'ENDPOINT_ALLOW_HOSTS',
    default: "the sandbox's host:port (none with SANDBOX_URL=off)",
    description:
      "Comma-separated host:port pairs a webhook endpoint may be at although the address is loopback or private (the sandbox's catcher, an internal receiver); they are not opened to CRMs and platforms.",
  },
  {
    name: 'OUTBOUND_MAX_ANSWER_BYTES',
    default: '1048576',
    description:
      'Largest answer read from a CRM, platform or webhook endpoint; a longer one is cut and the call fails.',
  },
];
