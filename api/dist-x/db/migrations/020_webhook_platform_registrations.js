/**
 * What "Register on {platform}" made of a webhook: when it was registered (taken before the platform is
 * called, so two clicks at once make one registration) and the platform's ids for what it created. A
 * second registration makes a second webhook on the platform, which then sends every event twice: the
 * api registers again only when asked to (services/webhook-registration.ts).
 */
export async function up(db) {
    await db.schema.alterTable('webhooks').addColumn('platform_registered_at', 'text').execute();
    await db.schema.alterTable('webhooks').addColumn('platform_webhook_ids', 'text').execute();
}
export async function down(db) {
    await db.schema.alterTable('webhooks').dropColumn('platform_webhook_ids').execute();
    await db.schema.alterTable('webhooks').dropColumn('platform_registered_at').execute();
}
//# sourceMappingURL=020_webhook_platform_registrations.js.map