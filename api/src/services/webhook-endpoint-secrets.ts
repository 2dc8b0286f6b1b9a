import type { Deps } from '../deps.js';
import { generateEndpointSecret } from '../forwarding/signing.js';
import {
  findSealedSigningSecret,
  setSigningSecretIfMissing,
} from '../repositories/user-accounts.js';

/** A new endpoint's signing secret, sealed for storing. */
export const newSealedSigningSecret = (deps: Pick<Deps, 'secretBox'>): string =>
  deps.secretBox.seal(generateEndpointSecret());

/**
 * The webhook endpoint's signing secret (`whsec_…`), opened; undefined when the endpoint does not exist
 * (deleted). Endpoints made before secrets existed get one here: stored only where none is yet, then
 * read back, so parallel callers (a delivery and a reveal) all end up with the same secret.
 */
export async function signingSecretOf(
  deps: Pick<Deps, 'db' | 'secretBox'>,
  userAccountId: number,
): Promise<string | undefined> {
  let sealed = await findSealedSigningSecret(deps.db, userAccountId);
  if (sealed === null) {
    await setSigningSecretIfMissing(deps.db, userAccountId, newSealedSigningSecret(deps));
    sealed = await findSealedSigningSecret(deps.db, userAccountId);
  }
  if (sealed === undefined) return undefined;
  if (sealed === null)
    throw new Error(`Webhook endpoint ${userAccountId} has no signing secret after storing one`);
  return deps.secretBox.open(sealed);
}
