import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../db/schema.js';

/** oidc-provider's times: whole seconds since the epoch. */
const secondsOf = (clock: Clock): number => Math.floor(clock.now().getTime() / 1000);

/** Models whose records belong to a grant (revoked together with it). */
const grantable = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * What is stored of a lookup value (id, uid, user code, grant id): ids of codes, tokens and sessions
 * are the bearer values themselves, so a copy of the database must not hold them.
 */
export const storedKey = (value: string): string =>
  createHash('sha256').update(value).digest('hex');

const keyOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? storedKey(value) : null;

/**
 * oidc-provider's storage in the api's database (table oidc_models), one adapter per model kind.
 * Lookup values are stored hashed and payloads sealed with the secret box.
 */
export function databaseAdapter(
  db: Kysely<Database>,
  box: SecretBox,
  clock: Clock,
): AdapterFactory {
  const now = (): number => secondsOf(clock);
  return (kind: string): Adapter => {
    async function findWhere(
      column: 'id' | 'uid' | 'user_code',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_models')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('kind', '=', kind)
        .where(column, '=', storedKey(value))
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at !== null && Number(row.expires_at) <= now()) return undefined;
      let payload: AdapterPayload;
      try {
        payload = JSON.parse(box.open(row.payload)) as AdapterPayload;
      } catch {
        return undefined;
      }
      return row.consumed_at === null ? payload : { ...payload, consumed: Number(row.consumed_at) };
    }

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: box.seal(JSON.stringify(payload)),
          grant_id: grantable.has(kind) ? keyOrNull(payload.grantId) : null,
          user_code: keyOrNull(payload.userCode),
          uid: keyOrNull(payload.uid),
          expires_at: expiresIn ? now() + expiresIn : null,
        };
        await db
          .insertInto('oidc_models')
          .values({ kind, id: storedKey(id), consumed_at: null, ...values })
          .onConflict((conflict) => conflict.columns(['kind', 'id']).doUpdateSet(values))
          .execute();
      },
      find: (id) => findWhere('id', id),
      findByUid: (uid) => findWhere('uid', uid),
      findByUserCode: (userCode) => findWhere('user_code', userCode),
      async consume(id) {
        await db
          .updateTable('oidc_models')
          .set({ consumed_at: now() })
          .where('kind', '=', kind)
          .where('id', '=', storedKey(id))
          .execute();
      },
      async destroy(id) {
        await db
          .deleteFrom('oidc_models')
          .where('kind', '=', kind)
          .where('id', '=', storedKey(id))
          .execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('oidc_models').where('grant_id', '=', storedKey(grantId)).execute();
      },
    };
  };
}

/** Drops expired records (run on start). */
export async function deleteExpiredOidcModels(db: Kysely<Database>, clock: Clock): Promise<void> {
  await db.deleteFrom('oidc_models').where('expires_at', '<=', secondsOf(clock)).execute();
}
