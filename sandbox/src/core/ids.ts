import crypto from 'node:crypto';

/** An opaque random token (access tokens, refresh tokens, authorization codes). */
export function randomToken(prefix: string, bytes = 24): string {
  return `${prefix}${crypto.randomBytes(bytes).toString('base64url')}`;
}

/** A counter that hands out increasing integers, starting after `start`. */
export function counter(start = 0): () => number {
  let value = start;
  return () => {
    value += 1;
    return value;
  };
}

/**
 * A UUID version 7 (time-ordered, like the ids Instantly returns): 48 bits of milliseconds, then a
 * per-generator sequence instead of random bits, so ids sort in creation order even within one millisecond.
 */
export function uuidV7Generator(seed: number): (timeMs: number) => string {
  let sequence = 0;
  let last = 0;
  return (timeMs: number) => {
    sequence += 1;
    last = Math.max(last, Math.floor(timeMs));
    const time = Math.max(0, last).toString(16).padStart(12, '0').slice(-12);
    const seq = sequence.toString(16).padStart(15, '0').slice(-15);
    const node = (seed >>> 0).toString(16).padStart(12, '0').slice(-12);
    // xxxxxxxx-xxxx-7xxx-[89ab]xxx-xxxxxxxxxxxx
    return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${seq.slice(0, 3)}-${(8 + (parseInt(seq.slice(3, 4), 16) % 4)).toString(16)}${seq.slice(4, 7)}-${seq.slice(7, 15)}${node.slice(8, 12)}`;
  };
}

/** A random correlation id in the UUID shape HubSpot puts on its errors. */
export function correlationId(): string {
  return crypto.randomUUID();
}
