/**
 * Each webhook endpoint's signing secret (Standard Webhooks `whsec_…`), sealed with the secret box
 * like API keys. Nullable: endpoints made before this get one the first time it is needed
 * (services/webhook-endpoint-secrets.ts).
 */
export async function up(db) {
    await db.schema.alterTable('user_accounts').addColumn('signing_secret', 'text').execute();
}
export async function down(db) {
    await db.schema.alterTable('user_accounts').dropColumn('signing_secret').execute();
}
//# sourceMappingURL=009_webhook_endpoint_secrets.js.map