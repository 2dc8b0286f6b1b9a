import type { Kysely } from 'kysely';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema.js';

const now = (): number => Math.floor(Date.now() / 1000);

/** Models whose records belong to a grant (revoked together with it). */
const grantable = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** oidc-provider's storage in the api's database (table oidc_models), one adapter per model kind. */
export function databaseAdapter(db: Kysely<Database>): AdapterFactory {
  return (kind: string): Adapter => {
    async function findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_models')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('kind', '=', kind)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at !== null && Number(row.expires_at) <= now()) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at === null ? payload : { ...payload, consumed: Number(row.consumed_at) };
    }

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: JSON.stringify(payload),
          grant_id: grantable.has(kind) && typeof payload.grantId === 'string' ? payload.grantId : null,
          user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
          uid: typeof payload.uid === 'string' ? payload.uid : null,
          expires_at: expiresIn ? now() + expiresIn : null,
        };
        await db
          .insertInto('oidc_models')
          .values({ kind, id, consumed_at: null, ...values })
          .onConflict((conflict) => conflict.columns(['kind', 'id']).doUpdateSet(values))
          .execute();
      },
      find: (id) => findWhere('id', id),
      findByUid: (uid) => findWhere('uid', uid),
      findByUserCode: (userCode) => findWhere('user_code', userCode),
      async consume(id) {
        await db.updateTable('oidc_models').set({ consumed_at: now() }).where('kind', '=', kind).where('id', '=', id).execute();
      },
      async destroy(id) {
        await db.deleteFrom('oidc_models').where('kind', '=', kind).where('id', '=', id).execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('oidc_models').where('grant_id', '=', grantId).execute();
      },
    };
  };
}

/** Drops expired records (run on start). */
export async function deleteExpiredOidcModels(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('oidc_models').where('expires_at', '<=', now()).execute();
}
