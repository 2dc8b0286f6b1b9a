import { sql, type Kysely } from 'kysely';
import { withIdColumn } from '../columns.js';

/** Organizations, users, sign-in sessions and the embedded identity provider's accounts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('organizations'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('domain', 'text')
    .addColumn('is_paid_tier', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await withIdColumn(db, db.schema.createTable('users'))
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('nickname', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('picture', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('role', 'text', (col) => col.check(sql`role in ('ADMIN', 'MANAGER')`))
    .addColumn('organization_id', 'integer', (col) =>
      col.references('organizations.id').onDelete('set null'),
    )
    .addColumn('can_webhook', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('can_user_account', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('can_block_list', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_account_id').on('users').column('account_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('identity_accounts')
    .addColumn('subject', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('nickname', 'text', (col) => col.notNull())
    .addColumn('picture', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_accounts').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('organizations').execute();
}
