import type { Kysely } from 'kysely';
import type { SecretBox } from './crypto/secret-box.js';
import type { Database } from './db/schema.js';
import { storeOrReadDeploymentSecret } from './repositories/deployment-secrets.js';
import { secretsIn, type SignInKeys } from './secrets.js';

const STORED_AS = 'sign-in-keys';

/**
 * The deployment's sign-in keys, shared by all its api processes through the database (sealed with
 * ENCRYPTION_KEY): the first process stores `own` (its secrets.json's, so a single api upgraded keeps
 * its sign-ins), every other one takes those. Keys differing per process would end a sign-in begun on
 * one api and continued on another ("Sign-in expired", or a login cookie nobody can read).
 */
export async function deploymentSignInKeys(
  db: Kysely<Database>,
  box: SecretBox,
  own: SignInKeys,
  now: Date,
): Promise<SignInKeys> {
  const mine: SignInKeys = {
    sessionSecret: own.sessionSecret,
    idpClientSecret: own.idpClientSecret,
    idpCookieKeys: own.idpCookieKeys,
    idpJwks: own.idpJwks,
  };
  const sealed = await storeOrReadDeploymentSecret(
    db,
    STORED_AS,
    box.seal(JSON.stringify(mine)),
    now.toISOString(),
  );
  let opened: unknown;
  try {
    opened = JSON.parse(box.open(sealed));
  } catch {
    throw new Error(
      'The sign-in keys in the database were sealed with another ENCRYPTION_KEY: give every process of the deployment the same ENCRYPTION_KEY (it also reads the stored API keys and tokens).',
    );
  }
  const stored = secretsIn(
    typeof opened === 'object' && opened !== null ? (opened as Record<string, unknown>) : {},
  );
  const { sessionSecret, idpClientSecret, idpCookieKeys, idpJwks } = stored;
  if (!sessionSecret || !idpClientSecret || !idpCookieKeys || !idpJwks)
    throw new Error(`The sign-in keys in the database (deployment_secrets) are incomplete`);
  return { sessionSecret, idpClientSecret, idpCookieKeys, idpJwks };
}
