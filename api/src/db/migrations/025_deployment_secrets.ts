import type { Kysely } from 'kysely';

/**
 * Secrets every api process of a deployment must hold alike (issue 54: the embedded sign-in's keys and
 * the cookie secret), sealed with ENCRYPTION_KEY: the first process to start stores its own, the
 * others read them, so any process serves any step of a sign-in behind a load balancer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deployment_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('sealed', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deployment_secrets').execute();
}
