import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const COST = { N: 16384, r: 8, p: 1 } as const;

/** The key derivation, as an object so tests can watch it run (the dummy check for unknown emails). */
export const kdf = {
  derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      scrypt(password, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
        error ? reject(error) : resolve(key),
      );
    });
  },
};

/** scrypt$N$r$p$salt$hash, base64url parts; every hash gets its own random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await kdf.derive(password, salt, COST);
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

interface ParsedHash {
  salt: Buffer;
  hash: Buffer;
  options: ScryptOptions;
}

function parse(stored: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  return {
    salt: Buffer.from(salt, 'base64url'),
    hash: Buffer.from(hash, 'base64url'),
    options: { N: Number(n), r: Number(r), p: Number(p) },
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await kdf.derive(password, parsed.salt, parsed.options);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** A hash of a random password nobody knows, made once: what an unknown email is checked against. */
let dummyHash: Promise<string> | undefined;

/** Makes the dummy hash ahead of the first sign-in (else that one answer would take twice as long). */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
}

/**
 * Checks a password against an account's stored hash, or, for an unknown email or an account with no
 * password yet, against a dummy hash that never matches: the answer takes as long either way, so its
 * time does not tell which emails have accounts.
 */
export async function verifyPasswordOrDummy(
  password: string,
  stored: string | undefined,
): Promise<boolean> {
  if (stored !== undefined && parse(stored) !== undefined) return verifyPassword(password, stored);
  await verifyPassword(password, await prepareDummyHash());
  return false;
}
