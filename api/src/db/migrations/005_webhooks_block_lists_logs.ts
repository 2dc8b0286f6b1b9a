import { sql, type Kysely } from 'kysely';
import { withIdColumn } from '../columns.js';

/**
 * Webhook endpoints (user accounts), webhook codes handed out by POST /api/admin/webhooks/generate,
 * webhooks with their additional endpoints, block lists, and the three logs (webhook logs, block-list
 * logs, category-base-filter logs). JSON values are stored as text; flags as 0/1; times as ISO text.
 * Every row hangs off a CRM profile (user_profiles) and carries its owner (users.id) so the
 * "own rows only" filters of spec §6 are one indexed comparison.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('user_accounts'))
    .addColumn('user_profile_id', 'integer', (col) =>
      col.notNull().references('user_profiles.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('user_accounts_user_id')
    .on('user_accounts')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('user_accounts_user_profile_id')
    .on('user_accounts')
    .column('user_profile_id')
    .execute();

  // A code is handed to one user by "generate" and becomes a webhook's URL at most once.
  await withIdColumn(db, db.schema.createTable('webhook_codes'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await withIdColumn(db, db.schema.createTable('webhooks'))
    .addColumn('user_profile_id', 'integer', (col) =>
      col.notNull().references('user_profiles.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('email_service', 'text', (col) =>
      col.notNull().check(sql`email_service in ('smartlead', 'instantly', 'bison', 'heyreach')`),
    )
    .addColumn('api_key_id', 'integer', (col) => col.references('api_keys.id').onDelete('set null'))
    .addColumn('smartlead_base_categories', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('owner_first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('owner_last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('owner_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('create_or_update_company', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('create_or_update_task', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('create_contact_custom_properties', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('assign_company_owner', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('assign_contact_owner', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('custom_task_subject', 'text')
    .addColumn('log_type', 'integer', (col) => col.check(sql`log_type in (0, 1)`))
    .addColumn('salesforce_object_type', 'text')
    .addColumn('salesforce_only_update', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('salesforce_custom_field_objects', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('object_lookup_method', 'text')
    .addColumn('object_lookup_id_field', 'text')
    .addColumn('object_default_search_property', 'text')
    .addColumn('optional_alternative_property', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhooks_user_id').on('webhooks').column('user_id').execute();
  await db.schema
    .createIndex('webhooks_user_profile_id')
    .on('webhooks')
    .column('user_profile_id')
    .execute();

  await withIdColumn(db, db.schema.createTable('webhook_additional_endpoints'))
    .addColumn('webhook_id', 'integer', (col) =>
      col.notNull().references('webhooks.id').onDelete('cascade'),
    )
    .addColumn('user_account_id', 'integer', (col) =>
      col.notNull().references('user_accounts.id').onDelete('cascade'),
    )
    .addColumn('event_types', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('webhook_additional_endpoints_account', ['webhook_id', 'user_account_id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('block_lists'))
    .addColumn('user_profile_id', 'integer', (col) =>
      col.notNull().references('user_profiles.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('api_key_id', 'integer', (col) =>
      col.notNull().references('api_keys.id').onDelete('cascade'),
    )
    .addColumn('crm', 'text', (col) => col.notNull().check(sql`crm in ('HUBSPOT', 'SALESFORCE')`))
    .addColumn('list_id', 'text', (col) => col.notNull())
    .addColumn('list_name', 'text', (col) => col.notNull())
    .addColumn('list_type', 'text', (col) =>
      col.check(sql`list_type in ('CONTACT_LIST', 'COMPANY_LIST')`),
    )
    .addColumn('block_type', 'text', (col) =>
      col.notNull().check(sql`block_type in ('ADDRESS', 'DOMAIN')`),
    )
    .addColumn('client_id', 'text')
    .addColumn('client_email', 'text')
    .addColumn('use_domain_for_non_latin', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('profile_url_field_names', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('heyreach_list_id', 'text')
    .addColumn('fields', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('is_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('last_fetched_at', 'text')
    .addColumn('last_attempted_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_smartlead_error', 'text')
    .addColumn('count_items_synced', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('count_items_not_synced', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('block_lists_user_id').on('block_lists').column('user_id').execute();

  await withIdColumn(db, db.schema.createTable('block_list_logs'))
    .addColumn('block_list_id', 'integer', (col) =>
      col.notNull().references('block_lists.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    // The blocked email, domain or profile URL, lowercased (the history's email filter compares it).
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_details', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('synced_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('block_list_logs_block_list_id')
    .on('block_list_logs')
    .column('block_list_id')
    .execute();
  await db.schema
    .createIndex('block_list_logs_user_entity')
    .on('block_list_logs')
    .columns(['user_id', 'entity'])
    .execute();

  // Logs outlive their webhook (set null) but not their owner (cascade).
  await withIdColumn(db, db.schema.createTable('webhook_logs'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('user_profile_id', 'integer', (col) =>
      col.references('user_profiles.id').onDelete('set null'),
    )
    .addColumn('webhook_id', 'integer', (col) => col.references('webhooks.id').onDelete('set null'))
    .addColumn('webhook_url', 'text')
    .addColumn('hub_id', 'text')
    .addColumn('event_type', 'text')
    // The lead's email, lowercased (the email filter compares it).
    .addColumn('email', 'text')
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('results', 'text', (col) => col.notNull().defaultTo('{"errors":[]}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_logs_user_created')
    .on('webhook_logs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_logs_webhook_id')
    .on('webhook_logs')
    .column('webhook_id')
    .execute();
  await db.schema.createIndex('webhook_logs_email').on('webhook_logs').column('email').execute();

  await withIdColumn(db, db.schema.createTable('category_base_filter_logs'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('webhook_id', 'integer', (col) => col.references('webhooks.id').onDelete('set null'))
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_event', 'text')
    .addColumn('campaign_id', 'text')
    .addColumn('lead_id', 'text')
    .addColumn('smartlead_base_categories', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('category_name', 'text')
    .addColumn('dto', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('category_base_filter_logs_user_created')
    .on('category_base_filter_logs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('category_base_filter_logs_webhook_id')
    .on('category_base_filter_logs')
    .column('webhook_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('category_base_filter_logs').execute();
  await db.schema.dropTable('webhook_logs').execute();
  await db.schema.dropTable('block_list_logs').execute();
  await db.schema.dropTable('block_lists').execute();
  await db.schema.dropTable('webhook_additional_endpoints').execute();
  await db.schema.dropTable('webhooks').execute();
  await db.schema.dropTable('webhook_codes').execute();
  await db.schema.dropTable('user_accounts').execute();
}
