import { Webhook } from 'standardwebhooks';
import { OutboundError } from '../src/outbound/index.js';
import {
  classifyAttempt,
  DEFAULT_RETRY_SCHEDULE,
  generateEndpointSecret,
  loadForwardingSettings,
  nextDeliveryDelayMs,
  parseRetrySchedule,
  signedHeaders,
  type DeliveryOutcome,
} from '../src/forwarding/index.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const now = new Date('2026-03-01T12:00:00.000Z');

describe('classifying an attempt', () => {
  it.each<[string, Parameters<typeof classifyAttempt>[0], DeliveryOutcome]>([
    ['200', { statusCode: 200, retryAfter: null }, { kind: 'delivered' }],
    ['204', { statusCode: 204, retryAfter: null }, { kind: 'delivered' }],
    ['299', { statusCode: 299, retryAfter: null }, { kind: 'delivered' }],
    [
      '410 Gone',
      { statusCode: 410, retryAfter: null },
      { kind: 'stop', reason: 'the endpoint answered 410 Gone: no more attempts' },
    ],
    [
      '429 with Retry-After seconds',
      { statusCode: 429, retryAfter: '30' },
      { kind: 'retry', retryAfterMs: 30_000, reason: 'the endpoint answered 429' },
    ],
    [
      '429 with an HTTP-date Retry-After',
      { statusCode: 429, retryAfter: 'Sun, 01 Mar 2026 12:02:00 GMT' },
      { kind: 'retry', retryAfterMs: 2 * MIN, reason: 'the endpoint answered 429' },
    ],
    [
      '429 with a past HTTP date',
      { statusCode: 429, retryAfter: 'Sun, 01 Mar 2026 11:00:00 GMT' },
      { kind: 'retry', retryAfterMs: 0, reason: 'the endpoint answered 429' },
    ],
    [
      '429 with an unreadable Retry-After',
      { statusCode: 429, retryAfter: 'soon' },
      { kind: 'retry', retryAfterMs: null, reason: 'the endpoint answered 429' },
    ],
    [
      '429 without Retry-After',
      { statusCode: 429, retryAfter: null },
      { kind: 'retry', retryAfterMs: null, reason: 'the endpoint answered 429' },
    ],
    [
      '500',
      { statusCode: 500, retryAfter: null },
      { kind: 'retry', retryAfterMs: null, reason: 'the endpoint answered 500' },
    ],
    [
      '503 with Retry-After',
      { statusCode: 503, retryAfter: '120' },
      { kind: 'retry', retryAfterMs: 120_000, reason: 'the endpoint answered 503' },
    ],
    [
      '504',
      { statusCode: 504, retryAfter: null },
      { kind: 'retry', retryAfterMs: null, reason: 'the endpoint answered 504' },
    ],
    [
      '400',
      { statusCode: 400, retryAfter: null },
      { kind: 'give-up', reason: 'the endpoint answered 400' },
    ],
    [
      '401',
      { statusCode: 401, retryAfter: null },
      { kind: 'give-up', reason: 'the endpoint answered 401' },
    ],
    [
      '404',
      { statusCode: 404, retryAfter: null },
      { kind: 'give-up', reason: 'the endpoint answered 404' },
    ],
    [
      '413 (Retry-After ignored)',
      { statusCode: 413, retryAfter: '5' },
      { kind: 'give-up', reason: 'the endpoint answered 413' },
    ],
    [
      'a time-out',
      { error: new OutboundError('timeout', 'no answer within 15000 ms') },
      { kind: 'retry', retryAfterMs: null, reason: 'no answer within 15000 ms' },
    ],
    [
      'unreachable',
      { error: new OutboundError('unreachable', 'the connection was refused') },
      { kind: 'retry', retryAfterMs: null, reason: 'the connection was refused' },
    ],
    [
      'unresolved',
      { error: new OutboundError('unresolved', 'the host x.example could not be resolved') },
      { kind: 'retry', retryAfterMs: null, reason: 'the host x.example could not be resolved' },
    ],
    [
      'too large',
      { error: new OutboundError('too-large', 'the answer is larger than 1048576 bytes') },
      { kind: 'retry', retryAfterMs: null, reason: 'the answer is larger than 1048576 bytes' },
    ],
    [
      'a refused address',
      { error: new OutboundError('refused', '10.0.0.5 is a private address') },
      { kind: 'give-up', reason: 'the address was refused: 10.0.0.5 is a private address' },
    ],
    [
      'an unexpected error',
      { error: new Error('socket hang up') },
      { kind: 'retry', retryAfterMs: null, reason: 'socket hang up' },
    ],
  ])('%s', (_name, result, outcome) => {
    expect(classifyAttempt(result, now)).toEqual(outcome);
  });
});

describe('the retry schedule', () => {
  it('reads the default: 8 attempts', () => {
    expect(parseRetrySchedule(DEFAULT_RETRY_SCHEDULE)).toEqual([
      0,
      MIN,
      5 * MIN,
      30 * MIN,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      14 * HOUR,
    ]);
  });

  it('reads s, m, h and d, spaces and upper case', () => {
    expect(parseRetrySchedule(' 0, 30s ,2M, 1h,1d')).toEqual([0, 30_000, 2 * MIN, HOUR, 24 * HOUR]);
  });

  it.each(['', ' , ', '5', '1m,,5m', '1.5h', '-1m', '1w', '10 minutes', 'abc'])(
    'refuses %j with a clear message',
    (text) => {
      expect(() => parseRetrySchedule(text)).toThrow(
        /^FORWARD_RETRY_SCHEDULE (must list at least one delay|entries are whole numbers with s, m, h or d)/,
      );
    },
  );

  it('names the bad entry', () => {
    expect(() => parseRetrySchedule('0,1m,5x')).toThrow(
      'FORWARD_RETRY_SCHEDULE entries are whole numbers with s, m, h or d (e.g. 30s, 5m, 2h, 1d) or 0, got "5x" in "0,1m,5x"',
    );
  });
});

describe('the delay before the next attempt', () => {
  const schedule = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE);

  it('follows the schedule after each failed attempt, with no jitter at random 0', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempt) =>
      nextDeliveryDelayMs({ schedule, attempt, retryAfterMs: null, random: 0 }),
    );
    expect(delays).toEqual([MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR]);
  });

  it('is null once the attempts are used up', () => {
    expect(nextDeliveryDelayMs({ schedule, attempt: 8, retryAfterMs: null, random: 0 })).toBeNull();
    expect(nextDeliveryDelayMs({ schedule, attempt: 9, retryAfterMs: 1000, random: 0 })).toBeNull();
    expect(
      nextDeliveryDelayMs({ schedule: [0], attempt: 1, retryAfterMs: null, random: 0.5 }),
    ).toBeNull();
  });

  it('adds up to 10 % jitter', () => {
    expect(nextDeliveryDelayMs({ schedule, attempt: 1, retryAfterMs: null, random: 0.5 })).toBe(
      63_000,
    );
    expect(nextDeliveryDelayMs({ schedule, attempt: 3, retryAfterMs: null, random: 0.999 })).toBe(
      Math.round(30 * MIN * 1.0999),
    );
  });

  it('waits for a Retry-After that is later than the jittered delay, and not for an earlier one', () => {
    expect(nextDeliveryDelayMs({ schedule, attempt: 1, retryAfterMs: 10 * MIN, random: 0.5 })).toBe(
      10 * MIN,
    );
    expect(nextDeliveryDelayMs({ schedule, attempt: 1, retryAfterMs: 30_000, random: 0.5 })).toBe(
      63_000,
    );
    expect(nextDeliveryDelayMs({ schedule, attempt: 1, retryAfterMs: 0, random: 0 })).toBe(MIN);
  });

  it('refuses an attempt number that is not 1-based', () => {
    expect(() =>
      nextDeliveryDelayMs({ schedule, attempt: 0, retryAfterMs: null, random: 0 }),
    ).toThrow('attempt is 1-based, got 0');
  });
});

describe('settings', () => {
  it('defaults to the 8-attempt schedule and 15 s', () => {
    expect(loadForwardingSettings({})).toEqual({
      schedule: [0, MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR],
      timeoutMs: 15_000,
      endpointsPerOrganization: 25,
      postsPerHostPerMinute: 600,
      postsPerOrganizationPerMinute: 1200,
    });
    expect(loadForwardingSettings({ FORWARD_RETRY_SCHEDULE: ' ', FORWARD_TIMEOUT_MS: '' })).toEqual(
      loadForwardingSettings({}),
    );
  });

  it('reads FORWARD_RETRY_SCHEDULE and FORWARD_TIMEOUT_MS', () => {
    expect(
      loadForwardingSettings({ FORWARD_RETRY_SCHEDULE: '0,5s,1m', FORWARD_TIMEOUT_MS: '2500' }),
    ).toMatchObject({ schedule: [0, 5000, MIN], timeoutMs: 2500 });
  });

  it('reads FORWARD_POSTS_PER_ORGANIZATION_PER_MINUTE and refuses one that is not a positive whole number', () => {
    expect(
      loadForwardingSettings({ FORWARD_POSTS_PER_ORGANIZATION_PER_MINUTE: '30' }),
    ).toMatchObject({ postsPerOrganizationPerMinute: 30 });
    expect(() =>
      loadForwardingSettings({ FORWARD_POSTS_PER_ORGANIZATION_PER_MINUTE: '0' }),
    ).toThrow('FORWARD_POSTS_PER_ORGANIZATION_PER_MINUTE must be a positive whole number, got "0"');
  });

  it.each(['0', '-5', '1.5', 'fast'])('refuses FORWARD_TIMEOUT_MS=%j', (value) => {
    expect(() => loadForwardingSettings({ FORWARD_TIMEOUT_MS: value })).toThrow(
      `FORWARD_TIMEOUT_MS must be a positive whole number of milliseconds, got "${value}"`,
    );
  });

  it('refuses a bad FORWARD_RETRY_SCHEDULE', () => {
    expect(() => loadForwardingSettings({ FORWARD_RETRY_SCHEDULE: '0,1m,soon' })).toThrow(
      /FORWARD_RETRY_SCHEDULE entries/,
    );
  });
});

describe('signing', () => {
  it('makes whsec_ secrets of 32 random bytes, different every time', () => {
    const secret = generateEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateEndpointSecret()).not.toBe(secret);
  });

  it('signs {id}.{timestamp}.{body} so a Standard Webhooks receiver verifies it', () => {
    const secret = generateEndpointSecret();
    const body = JSON.stringify({ event: 'EMAIL_REPLY', lead: { email: 'ana@example.com' } });
    const timestamp = new Date();
    const headers = signedHeaders({ secret, messageId: 'msg_1', timestamp, body });
    expect(headers).toEqual({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateEndpointSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});
