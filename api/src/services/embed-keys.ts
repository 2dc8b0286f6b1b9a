import { randomBytes } from 'node:crypto';
import type { CreatedEmbedKey, EmbedKey } from 'shared/contract';
import type { Deps } from '../deps.js';
import {
  findEmbedKey,
  insertEmbedKey,
  listEmbedKeys as listKeyRows,
  revokeEmbedKey as revokeKeyRow,
  type EmbedKeyRecord,
} from '../repositories/embed-keys.js';
import type { UserRecord } from '../repositories/users.js';
import { invalid, notFound } from './domain-errors.js';

const KEY_PREFIX = 'ek_';
/** The characters of a key the list shows, so a person can tell keys apart. */
const SHOWN_LENGTH = KEY_PREFIX.length + 6;

const view = ({ organizationId: _organization, ...key }: EmbedKeyRecord): EmbedKey => key;

const organizationOf = (admin: UserRecord): number => {
  if (admin.organizationId === null) throw invalid('Join an organization before making embed keys');
  return admin.organizationId;
};

/** The organization's embed keys, newest first (revoked ones included, marked). */
export async function listEmbedKeys(
  deps: Pick<Deps, 'db'>,
  admin: UserRecord,
): Promise<EmbedKey[]> {
  return (await listKeyRows(deps.db, organizationOf(admin))).map(view);
}

/** A new key for the admin's organization; its secret is answered this once and stored hashed. */
export async function createEmbedKey(
  deps: Pick<Deps, 'db' | 'clock'>,
  admin: UserRecord,
  name: string,
): Promise<CreatedEmbedKey> {
  const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await insertEmbedKey(
    deps.db,
    {
      organizationId: organizationOf(admin),
      name,
      prefix: secret.slice(0, SHOWN_LENGTH),
      secret,
      createdBy: admin.id,
    },
    deps.clock.now(),
  );
  return { embedKey: view((await findEmbedKey(deps.db, id))!), secret };
}

/** Revokes a key of the admin's organization: the tokens it minted run out within their lifetime. */
export async function revokeEmbedKey(
  deps: Pick<Deps, 'db' | 'clock'>,
  admin: UserRecord,
  id: number,
): Promise<EmbedKey> {
  const key = await findEmbedKey(deps.db, id);
  if (!key || key.organizationId !== organizationOf(admin))
    throw notFound('This embed key does not exist');
  await revokeKeyRow(deps.db, id, deps.clock.now());
  return view((await findEmbedKey(deps.db, id))!);
}
