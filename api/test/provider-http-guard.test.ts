import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOutboundGuard, type OutboundGuard } from '../src/outbound/index.js';
import { ProviderError, type ProviderFailureKind } from '../src/providers/provider-error.js';
import { providerFetch } from '../src/providers/provider-http.js';

/**
 * providerFetch goes through the outbound guard and fails as a typed ProviderError (issue 9 and issue
 * 10 together): what the guard reports becomes the kind a job runner reads.
 */
describe('provider calls through the outbound guard fail with their kind', () => {
  let server: http.Server;
  let origin: string;
  let guard: OutboundGuard;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/slow-body') {
        // The headers arrive at once; the body never ends, so the time-out cuts the read.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"items": [');
        return;
      }
      if (request.url === '/large') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ filler: 'x'.repeat(4096) }));
        return;
      }
      if (request.url === '/to-metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const empty = {
      HubSpot: [],
      Salesforce: [],
      Smartlead: [],
      Instantly: [],
      EmailBison: [],
      HeyReach: [],
    };
    guard = createOutboundGuard({
      settings: {
        allowHosts: [new URL(origin).host],
        endpointAllowHosts: [],
        maxAnswerBytes: 1024,
      },
      configuredUrls: empty,
    });
  });
  afterAll(async () => {
    await guard.close();
    server.closeAllConnections();
    server.close();
  });

  async function failureOf(
    path: string,
    timeoutMs = 2000,
  ): Promise<{ kind: ProviderFailureKind; message: string }> {
    try {
      await providerFetch({
        provider: 'Smartlead',
        action: 'listing clients',
        url: `${origin}${path}`,
        timeoutMs,
        guard,
      });
    } catch (error) {
      if (error instanceof ProviderError) return { kind: error.kind, message: error.message };
      throw error;
    }
    throw new Error('expected a ProviderError');
  }

  it('answers through the guard', async () => {
    const answer = await providerFetch({
      provider: 'Smartlead',
      action: 'listing clients',
      url: `${origin}/ok`,
      timeoutMs: 2000,
      guard,
    });
    expect({ status: answer.status, data: answer.data }).toEqual({
      status: 200,
      data: { ok: true },
    });
  });

  it('a body the time-out cut off is a timeout, not an answer that could not be read', async () => {
    expect(await failureOf('/slow-body', 300)).toEqual({
      kind: 'timeout',
      message: 'Smartlead did not answer in time while listing clients',
    });
  });

  it('an answer over the byte cap is a bad-answer', async () => {
    expect(await failureOf('/large')).toEqual({
      kind: 'bad-answer',
      message:
        'Smartlead gave an answer too large to read while listing clients (the answer is larger than 1024 bytes)',
    });
  });

  it('a redirect the guard refuses is refused (retrying does not help)', async () => {
    const failure = await failureOf('/to-metadata');
    expect(failure.kind).toBe('refused');
    expect(failure.message).toMatch(
      /^Smartlead was not called while listing clients: a redirect was refused: /,
    );
  });

  it('an address nobody listens on is unavailable', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const local = createOutboundGuard({
      settings: {
        allowHosts: [`127.0.0.1:${port}`],
        endpointAllowHosts: [],
        maxAnswerBytes: 1024,
      },
      configuredUrls: {
        HubSpot: [],
        Salesforce: [],
        Smartlead: [],
        Instantly: [],
        EmailBison: [],
        HeyReach: [],
      },
    });
    try {
      await expect(
        providerFetch({
          provider: 'HeyReach',
          action: 'listing lists',
          url: `http://127.0.0.1:${port}/`,
          timeoutMs: 2000,
          guard: local,
        }),
      ).rejects.toMatchObject({
        kind: 'unavailable',
        message: 'HeyReach could not be reached while listing lists',
      });
    } finally {
      await local.close();
    }
  });
});
