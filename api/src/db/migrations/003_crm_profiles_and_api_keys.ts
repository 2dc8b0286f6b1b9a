import { sql, type Kysely } from 'kysely';
import { withIdColumn } from '../columns.js';

/**
 * CRM connections (user profiles, the spec's "integrations"), Salesforce connected-app settings,
 * platform API keys and the lead categories users add. Secrets are stored encrypted (`*_enc`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('salesforce_settings'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('consumer_key', 'text', (col) => col.notNull())
    .addColumn('consumer_secret_enc', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('user_profiles'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('crm', 'text', (col) => col.notNull().check(sql`crm in ('HUBSPOT', 'SALESFORCE')`))
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('organization_id', 'text', (col) => col.notNull())
    .addColumn('organization_domain', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('access_token_enc', 'text')
    .addColumn('refresh_token_enc', 'text')
    .addColumn('token_expires_at', 'text')
    .addColumn('instance_url', 'text')
    .addColumn('salesforce_setting_id', 'integer', (col) =>
      col.references('salesforce_settings.id').onDelete('set null'),
    )
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('CONNECTED')
        .check(sql`status in ('CONNECTED', 'DISCONNECTED')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('user_profiles_user_id')
    .on('user_profiles')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('user_profiles_organization')
    .on('user_profiles')
    .columns(['crm', 'organization_id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('api_keys'))
    .addColumn('user_profile_id', 'integer', (col) =>
      col.notNull().references('user_profiles.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('platform', 'text', (col) =>
      col.notNull().check(sql`platform in ('smartlead', 'instantly', 'bison', 'heyreach')`),
    )
    .addColumn('api_key_enc', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('base_url', 'text')
    .addColumn('is_valid', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('api_keys_user_profile_id')
    .on('api_keys')
    .column('user_profile_id')
    .execute();

  await withIdColumn(db, db.schema.createTable('lead_categories'))
    .addColumn('api_key_id', 'integer', (col) =>
      col.notNull().references('api_keys.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('user_profile_id', 'integer', (col) =>
      col.references('user_profiles.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('lead_categories_key_category', ['api_key_id', 'category_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_categories').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('user_profiles').execute();
  await db.schema.dropTable('salesforce_settings').execute();
}
