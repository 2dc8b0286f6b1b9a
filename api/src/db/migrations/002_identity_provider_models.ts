import type { Kysely } from 'kysely';

/** The embedded identity provider's state (sessions, interactions, grants, codes, tokens), so it survives restarts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_models')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_models_pk', ['kind', 'id'])
    .execute();
  await db.schema
    .createIndex('oidc_models_grant_id')
    .on('oidc_models')
    .column('grant_id')
    .execute();
  await db.schema.createIndex('oidc_models_uid').on('oidc_models').column('uid').execute();
  await db.schema
    .createIndex('oidc_models_user_code')
    .on('oidc_models')
    .column('user_code')
    .execute();
  await db.schema
    .createIndex('oidc_models_expires_at')
    .on('oidc_models')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_models').execute();
}
