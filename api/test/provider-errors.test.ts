import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { throwIfHubSpotFailed } from '../src/adapters/hubspot/request.js';
import { readAnswer } from '../src/adapters/platform-answer.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import {
  ProviderError,
  retryAfterMs,
  type ProviderFailureKind,
} from '../src/providers/provider-error.js';
import { providerFailed, type ProviderResponse } from '../src/providers/provider-http.js';
import { json, makeTempDir } from './helpers/test-app.js';

/**
 * Provider failures say what they are (issue 9), so a job runner knows what to retry and when, and the
 * HTTP layer answers each as today's 502. The sandbox's faults (429, 500, hang) are in platforms.test.ts.
 */
const answer = (
  status: number,
  data: unknown = null,
  headers: Record<string, string> = {},
): ProviderResponse => ({ status, data, headers: new Headers(headers) });

function failureOf(run: () => unknown): ProviderError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

describe('typed provider failures', () => {
  it.each<[string, () => unknown, ProviderFailureKind, boolean, string]>([
    [
      'a 429 with Retry-After',
      () =>
        readAnswer(
          'Smartlead',
          'listing clients',
          answer(429, null, { 'retry-after': '30' }),
          'key',
          z.unknown(),
        ),
      'rate-limited',
      true,
      'Smartlead is limiting requests (status 429) while listing clients; try again later',
    ],
    [
      'a 503',
      () => providerFailed('Instantly', 'reading lead labels', 503),
      'unavailable',
      true,
      'Instantly failed while reading lead labels (status 503)',
    ],
    [
      'a gateway time-out (504)',
      () => providerFailed('HeyReach', 'listing lists', 504),
      'timeout',
      true,
      'HeyReach failed while listing lists (status 504)',
    ],
    [
      'HubSpot refusing a scope (403)',
      () => throwIfHubSpotFailed('listing lists', answer(403)),
      'refused',
      false,
      'HubSpot refused listing lists: the connection lacks a scope it needs. Sign in with HubSpot again and grant every scope',
    ],
    [
      'HubSpot refusing a request (400)',
      () => throwIfHubSpotFailed('listing owners', answer(400, { message: 'bad limit' })),
      'refused',
      false,
      'HubSpot refused listing owners (status 400): bad limit',
    ],
    [
      'an answer of the wrong shape',
      () =>
        readAnswer(
          'Smartlead',
          'listing clients',
          answer(200, { not: 'a list' }),
          'key',
          z.array(z.unknown()),
        ),
      'bad-answer',
      false,
      'Smartlead gave an answer that could not be read while listing clients',
    ],
    [
      'a redirect where none is expected',
      () => providerFailed('EmailBison', 'checking the API key', 302),
      'bad-answer',
      false,
      'EmailBison failed while checking the API key (status 302)',
    ],
  ])('%s', (_label, run, kind, retryable, message) => {
    const failure = failureOf(run);
    expect({ kind: failure.kind, retryable: failure.retryable, message: failure.message }).toEqual({
      kind,
      retryable,
      message,
    });
  });

  it('carries the Retry-After of a 429 in milliseconds', () => {
    expect(
      failureOf(() =>
        readAnswer(
          'Smartlead',
          'listing clients',
          answer(429, null, { 'retry-after': '30' }),
          'key',
          z.unknown(),
        ),
      ).retryAfterMs,
    ).toBe(30_000);
    expect(
      failureOf(() => readAnswer('Smartlead', 'listing clients', answer(429), 'key', z.unknown()))
        .retryAfterMs,
    ).toBeUndefined();
  });

  it('reads Retry-After as seconds or as an HTTP date from the given time', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:45 GMT', now)).toBe(45_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('is answered as a 502 with its message, whatever the kind', async () => {
    const dir = await makeTempDir();
    const app = buildApp(
      loadConfig({
        DATA_DIR: dir,
        DATABASE_PATH: ':memory:',
        LOG_LEVEL: 'silent',
        SHELL_DIST_DIR: path.join(dir, 'none'),
      }),
    );
    app.get('/api/limited', async () => {
      throw new ProviderError(
        'rate-limited',
        'HubSpot',
        'HubSpot is limiting requests (status 429) while listing owners; try again later',
        { status: 429, retryAfterMs: 1000 },
      );
    });
    app.get('/api/refused', async () => {
      throw new ProviderError(
        'refused',
        'Salesforce',
        'Salesforce refused listing users (status 400): MALFORMED_QUERY',
      );
    });
    try {
      const limited = await app.inject({ method: 'GET', url: '/api/limited' });
      expect({ status: limited.statusCode, body: json(limited) }).toEqual({
        status: 502,
        body: {
          message:
            'HubSpot is limiting requests (status 429) while listing owners; try again later',
        },
      });
      const refused = await app.inject({ method: 'GET', url: '/api/refused' });
      expect({ status: refused.statusCode, body: json(refused) }).toEqual({
        status: 502,
        body: { message: 'Salesforce refused listing users (status 400): MALFORMED_QUERY' },
      });
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
