import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { isOutboundError, OutboundError, outboundRefused } from './errors.js';
import type { AllowListScope, OutboundTarget } from './host-rules.js';
import type { OutboundPolicy } from './policy.js';

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  /** The answer's bytes, at most the guard's cap. */
  body: Buffer;
}

const MAX_REDIRECTS = 5;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * An undici Agent whose every new connection goes to an address the policy picked: the host is
 * resolved here, every address it has is checked, and the socket is opened to that checked address
 * (TLS still verifies the certificate for the host name). Nothing resolves the name a second time,
 * so a DNS answer that changes between the check and the connection is never used. One agent per
 * allow-list scope: a connection pooled for a provider is never lent to an endpoint.
 */
export function guardedAgent(policy: OutboundPolicy, scope: AllowListScope): Agent {
  const connectDirect = buildConnector({});
  const connect: buildConnector.connector = (options, callback) => {
    policy.pickAddress(scope, options.hostname, String(options.port ?? ''), options.protocol).then(
      (address) => connectDirect({ ...options, hostname: address }, callback),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
  return new Agent({ connect });
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

async function readCapped(
  body: Dispatcher.ResponseData['body'],
  cap: number,
  declaredLength: string | undefined,
): Promise<Buffer> {
  if (declaredLength !== undefined && Number(declaredLength) > cap) {
    body.destroy();
    throw new OutboundError('too-large', `the answer is larger than ${cap} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > cap) {
      body.destroy();
      throw new OutboundError('too-large', `the answer is larger than ${cap} bytes`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** Headers that must not follow a redirect to another origin. */
const credentialHeaders = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key']);

/**
 * One call through the guard: the URL and every redirect it gives (at most 5) are checked against the
 * target's rule, connections go through the guarded agent, and at most `maxBytes` of the answer are
 * read. Failures are OutboundErrors: refused, too-large, timeout or unreachable.
 */
export async function guardedRequest(
  policy: OutboundPolicy,
  agent: Agent,
  maxBytes: number,
  target: OutboundTarget,
  call: OutboundRequest,
): Promise<OutboundAnswer> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  let url = policy.checkUrl(target, call.url);
  let method: string = call.method ?? 'GET';
  let body = call.body;
  let headers: Record<string, string> = { ...(call.headers ?? {}) };
  try {
    for (let hop = 0; ; hop += 1) {
      const response = await request(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal,
        dispatcher: agent,
      }).catch((error: unknown) => {
        // A refusal met while connecting to a redirect's host says it came through a redirect.
        if (hop > 0 && isOutboundError(error) && error.kind === 'refused')
          throw outboundRefused(`a redirect was refused: ${error.message}`);
        throw error;
      });
      const location = response.headers.location;
      if (!redirectStatuses.has(response.statusCode) || typeof location !== 'string') {
        const bytes = await readCapped(
          response.body,
          maxBytes,
          typeof response.headers['content-length'] === 'string'
            ? response.headers['content-length']
            : undefined,
        );
        return { status: response.statusCode, headers: toHeaders(response.headers), body: bytes };
      }
      await response.body.dump();
      if (hop >= MAX_REDIRECTS) throw outboundRefused(`more than ${MAX_REDIRECTS} redirects`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw outboundRefused('a redirect to a URL that could not be read');
      }
      try {
        next = policy.checkUrl(target, next.href);
      } catch (error) {
        if (isOutboundError(error))
          throw outboundRefused(`a redirect was refused: ${error.message}`);
        throw error;
      }
      if (next.origin !== url.origin)
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => !credentialHeaders.has(name.toLowerCase())),
        );
      if (
        response.statusCode === 303 ||
        ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
      ) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'),
        );
      }
      url = next;
    }
  } catch (error) {
    if (isOutboundError(error)) throw error;
    if (signal.aborted) throw new OutboundError('timeout', 'no answer in time');
    throw new OutboundError('unreachable', 'could not be reached');
  }
}
