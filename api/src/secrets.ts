import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A private signing key as a JSON Web Key (RSA, RS256). */
export interface SigningJwk {
  kty: string;
  kid: string;
  alg: string;
  use: string;
  [member: string]: string;
}

/** Secrets generated once and kept in ${DATA_DIR}/secrets.json (mode 0600). */
export interface Secrets {
  sessionSecret: string;
  /** Client secret of the dashboard at the embedded identity provider. */
  idpClientSecret: string;
  /** Keys that sign the embedded identity provider's cookies. */
  idpCookieKeys: string[];
  /** The embedded identity provider's signing keys. */
  idpJwks: { keys: SigningJwk[] };
  /** 32 bytes (base64url) that encrypt stored secrets: API keys, OAuth tokens, consumer secrets. */
  encryptionKey: string;
}

/**
 * What every api process of a deployment must hold alike to serve any step of a sign-in (the cookie
 * secret, the embedded identity provider's keys): stored in the database (sign-in-keys.ts).
 */
export type SignInKeys = Pick<
  Secrets,
  'sessionSecret' | 'idpClientSecret' | 'idpCookieKeys' | 'idpJwks'
>;

const randomSecret = (): string => randomBytes(32).toString('base64url');

function generateSigningKey(): SigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const key: SigningJwk = { kty: 'RSA', kid: randomUUID(), alg: 'RS256', use: 'sig' };
  for (const [name, value] of Object.entries(jwk)) if (typeof value === 'string') key[name] = value;
  return key;
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function isSigningJwk(value: unknown): value is SigningJwk {
  if (typeof value !== 'object' || value === null) return false;
  const key = value as Record<string, unknown>;
  return key.kty === 'RSA' && isString(key.kid) && isString(key.d) && isString(key.n);
}

function readStored(file: string): Partial<Secrets> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null)
    throw new Error(`${file} does not hold a JSON object`);
  return secretsIn(parsed as Record<string, unknown>);
}

/** The well-formed secrets among `stored`'s members. */
export function secretsIn(stored: Record<string, unknown>): Partial<Secrets> {
  const result: Partial<Secrets> = {};
  if (isString(stored.sessionSecret)) result.sessionSecret = stored.sessionSecret;
  if (isString(stored.idpClientSecret)) result.idpClientSecret = stored.idpClientSecret;
  if (isString(stored.encryptionKey)) result.encryptionKey = stored.encryptionKey;
  if (
    Array.isArray(stored.idpCookieKeys) &&
    stored.idpCookieKeys.length > 0 &&
    stored.idpCookieKeys.every(isString)
  ) {
    result.idpCookieKeys = stored.idpCookieKeys;
  }
  const jwks = stored.idpJwks as { keys?: unknown } | undefined;
  if (jwks && Array.isArray(jwks.keys) && jwks.keys.length > 0 && jwks.keys.every(isSigningJwk)) {
    result.idpJwks = { keys: jwks.keys };
  }
  return result;
}

/**
 * The secrets ${dataDir}/secrets.json holds, without generating or writing anything: for `npm run
 * worker`, which must use the api's encryption key, never make one of its own.
 */
export function readStoredSecrets(dataDir: string): Partial<Secrets> {
  return readStored(path.join(dataDir, 'secrets.json'));
}

/**
 * Moves `temporary` to `file` unless another process made `file` meanwhile (processes sharing a
 * DATA_DIR started together): then false, and its secrets are the ones to use, not ours.
 */
function writtenFirst(temporary: string, file: string): boolean {
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      fs.unlinkSync(temporary);
      return false;
    }
    // a file system without hard links: the last writer wins, as before
    fs.renameSync(temporary, file);
    return true;
  }
  fs.unlinkSync(temporary);
  return true;
}

/**
 * Reads ${dataDir}/secrets.json, generates whatever is missing and writes the file back
 * (readable by its owner only).
 */
export function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  const existed = fs.existsSync(file);
  const stored = readStored(file);
  const secrets: Secrets = {
    sessionSecret: stored.sessionSecret ?? randomSecret(),
    idpClientSecret: stored.idpClientSecret ?? randomSecret(),
    idpCookieKeys: stored.idpCookieKeys ?? [randomSecret()],
    idpJwks: stored.idpJwks ?? { keys: [generateSigningKey()] },
    encryptionKey: stored.encryptionKey ?? randomSecret(),
  };
  const complete =
    stored.sessionSecret !== undefined &&
    stored.idpClientSecret !== undefined &&
    stored.idpCookieKeys !== undefined &&
    stored.idpJwks !== undefined &&
    stored.encryptionKey !== undefined;
  if (!complete) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
    if (existed) fs.renameSync(temporary, file);
    else if (!writtenFirst(temporary, file)) return loadSecrets(dataDir);
  }
  fs.chmodSync(file, 0o600);
  return secrets;
}
