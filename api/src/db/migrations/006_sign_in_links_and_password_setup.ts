import type { Kysely } from 'kysely';

/**
 * Sign-in security: which (issuer, subject) is which user, one-time links that set an embedded
 * account's password (the first admin of a real deployment), and the embedded identity provider's
 * records kept hashed and sealed from now on (the old plain ones are dropped: signed-in browsers
 * simply sign in again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_links')
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('sign_in_links_pk', ['issuer', 'subject'])
    .addUniqueConstraint('sign_in_links_issuer_user', ['issuer', 'user_id'])
    .execute();

  await db.schema
    .createTable('password_setup_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('subject', 'text', (col) =>
      col.notNull().references('identity_accounts.subject').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await db.deleteFrom('oidc_models' as never).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_setup_tokens').execute();
  await db.schema.dropTable('sign_in_links').execute();
}
