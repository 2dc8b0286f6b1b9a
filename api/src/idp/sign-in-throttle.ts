import { createAttemptLimiter, type AttemptPolicy } from './attempt-limiter.js';

const MINUTE = 60_000;

export const signInPolicies = {
  /** One email from one address: five tries, then 30 s, 1 min, 2 min… up to 15 min between tries. */
  account: {
    freeFailures: 5,
    firstDelayMs: 30_000,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs: 60 * MINUTE,
  },
  /**
   * One email from every address together: fifty tries, then 5 s, 10 s… never more than a minute, so
   * guessing from many addresses is slowed while no one can lock the owner out (issue 53).
   */
  email: {
    freeFailures: 50,
    firstDelayMs: 5_000,
    maxDelayMs: MINUTE,
    forgetAfterMs: 60 * MINUTE,
  },
  /** One client address (an office shares one): twenty tries, then 10 s, 20 s… up to 15 min. */
  address: {
    freeFailures: 20,
    firstDelayMs: 10_000,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs: 60 * MINUTE,
  },
  /** One login page: five tries, then it is spent and the person starts signing in again. */
  interaction: {
    freeFailures: 5,
    firstDelayMs: 60 * MINUTE,
    maxDelayMs: 60 * MINUTE,
    forgetAfterMs: 60 * MINUTE,
  },
} satisfies Record<string, AttemptPolicy>;

export interface SignInAttempt {
  address: string;
  /** The email typed, normalized (known or not: both are throttled alike). */
  email: string;
  interactionUid: string;
}

export type ThrottleVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'page-spent' }
  | { allowed: false; reason: 'wait'; waitMs: number };

export interface SignInThrottle {
  check(attempt: SignInAttempt): ThrottleVerdict;
  /** Counts a wrong password; answers the wait it starts for the email from that address (0: none yet). */
  recordFailure(attempt: SignInAttempt): number;
  /** A right password clears the email's failures (not the address's: one right account does not excuse guessing others). */
  recordSuccess(attempt: SignInAttempt): void;
}

/** The key of an email tried from one address. */
const pairOf = (address: string, email: string): string => `${address}\u0000${email}`;

/**
 * Limits password tries per (client address, email), per email, per client address and per login
 * page, with growing waits rather than a lock; `now` is the app's clock in ms.
 */
export function createSignInThrottle(now: () => number, policies = signInPolicies): SignInThrottle {
  const accounts = createAttemptLimiter(policies.account, now);
  const emails = createAttemptLimiter(policies.email, now);
  const addresses = createAttemptLimiter(policies.address, now);
  const interactions = createAttemptLimiter(policies.interaction, now);
  return {
    check({ address, email, interactionUid }) {
      if (interactions.waitMs(interactionUid) > 0) return { allowed: false, reason: 'page-spent' };
      const waitMs = Math.max(
        accounts.waitMs(pairOf(address, email)),
        emails.waitMs(email),
        addresses.waitMs(address),
      );
      return waitMs > 0 ? { allowed: false, reason: 'wait', waitMs } : { allowed: true };
    },
    recordFailure({ address, email, interactionUid }) {
      accounts.recordFailure(pairOf(address, email));
      emails.recordFailure(email);
      addresses.recordFailure(address);
      interactions.recordFailure(interactionUid);
      return accounts.waitMs(pairOf(address, email));
    },
    recordSuccess({ address, email }) {
      accounts.forget(pairOf(address, email));
      emails.forget(email);
    },
  };
}
