import { createAttemptLimiter } from '../src/idp/attempt-limiter.js';
import { createSignInThrottle } from '../src/idp/sign-in-throttle.js';

describe('attempt limiter', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('lets the free failures through, then makes each wait twice as long, up to the cap', () => {
    const limiter = createAttemptLimiter(
      { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 5000, forgetAfterMs: 60_000 },
      clock,
    );
    limiter.recordFailure('k');
    limiter.recordFailure('k');
    expect(limiter.waitMs('k')).toBe(0);
    limiter.recordFailure('k');
    expect(limiter.waitMs('k')).toBe(1000);
    now += 1000;
    expect(limiter.waitMs('k')).toBe(0);
    limiter.recordFailure('k');
    expect(limiter.waitMs('k')).toBe(2000);
    limiter.recordFailure('k');
    expect(limiter.waitMs('k')).toBe(4000);
    limiter.recordFailure('k');
    expect(limiter.waitMs('k')).toBe(5000);
    expect(limiter.waitMs('other')).toBe(0);
  });

  it('forgets a key after a quiet while, or when told', () => {
    const limiter = createAttemptLimiter(
      { freeFailures: 1, firstDelayMs: 1000, maxDelayMs: 1000, forgetAfterMs: 10_000 },
      clock,
    );
    limiter.recordFailure('k');
    now += 11_000;
    limiter.recordFailure('k');
    expect(limiter.waitMs('k')).toBe(1000);
    limiter.forget('k');
    expect(limiter.waitMs('k')).toBe(0);
  });
});

describe('sign-in throttle', () => {
  let now = 0;
  const throttle = () => createSignInThrottle(() => now);
  const attempt = (email: string, address = '203.0.113.9', interactionUid = email) => ({
    email,
    address,
    interactionUid,
  });
  beforeEach(() => {
    now = 1_000_000;
  });

  it('spends a login page after five wrong passwords', () => {
    const t = throttle();
    for (let i = 0; i < 5; i += 1)
      t.recordFailure(attempt(`person${i}@example.com`, '203.0.113.9', 'page-1'));
    expect(t.check(attempt('someone@example.com', '203.0.113.9', 'page-1'))).toEqual({
      allowed: false,
      reason: 'page-spent',
    });
    expect(t.check(attempt('someone@example.com', '203.0.113.9', 'page-2'))).toEqual({
      allowed: true,
    });
  });

  it('makes an email wait after five failures from one address, and a right password clears it', () => {
    const t = throttle();
    for (let i = 0; i < 4; i += 1)
      expect(t.recordFailure(attempt('admin@example.com', '198.51.100.7', `page-${i}`))).toBe(0);
    expect(t.recordFailure(attempt('admin@example.com', '198.51.100.7', 'page-4'))).toBe(30_000);
    expect(t.check(attempt('admin@example.com', '198.51.100.7', 'fresh'))).toEqual({
      allowed: false,
      reason: 'wait',
      waitMs: 30_000,
    });
    now += 30_000;
    t.recordSuccess(attempt('admin@example.com', '198.51.100.7'));
    expect(t.check(attempt('admin@example.com', '198.51.100.7', 'fresh'))).toEqual({
      allowed: true,
    });
  });

  it('cannot lock an email out: wrong passwords from one address never stop its owner at another', () => {
    const t = throttle();
    for (let i = 0; i < 19; i += 1)
      t.recordFailure(attempt('admin@example.com', '198.51.100.7', `page-${i}`));
    expect(t.check(attempt('admin@example.com', '192.0.2.1', 'fresh'))).toEqual({
      allowed: true,
    });
  });

  it('slows an email guessed from many addresses by a growing wait of at most a minute', () => {
    const t = throttle();
    for (let i = 0; i < 50; i += 1)
      t.recordFailure(attempt('admin@example.com', `198.51.${i}.1`, `page-${i}`));
    expect(t.check(attempt('admin@example.com', '192.0.2.1', 'fresh'))).toEqual({
      allowed: false,
      reason: 'wait',
      waitMs: 5_000,
    });
    for (let i = 0; i < 20; i += 1)
      t.recordFailure(attempt('admin@example.com', `203.0.${i}.1`, `more-${i}`));
    expect(t.check(attempt('admin@example.com', '192.0.2.1', 'fresh'))).toEqual({
      allowed: false,
      reason: 'wait',
      waitMs: 60_000,
    });
  });

  it('makes an address wait after twenty failures, whatever the emails', () => {
    const t = throttle();
    for (let i = 0; i < 20; i += 1)
      t.recordFailure(attempt(`guess${i}@example.com`, '203.0.113.9', `page-${i}`));
    expect(t.check(attempt('new@example.com', '203.0.113.9', 'fresh'))).toEqual({
      allowed: false,
      reason: 'wait',
      waitMs: 10_000,
    });
    expect(t.check(attempt('new@example.com', '203.0.113.10', 'fresh'))).toEqual({ allowed: true });
  });
});
