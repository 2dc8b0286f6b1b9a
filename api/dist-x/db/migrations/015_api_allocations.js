/**
 * A CRM's daily API allocation as it last reported it (issue "Events become CRM records": Salesforce's
 * `Sforce-Limit-Info: api-usage=N/M` on every answer), per org, shared by every api and worker process:
 * when it is used up, the writers wait for the next day instead of calling.
 */
export async function up(db) {
    await db.schema
        .createTable('api_allocations')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('used', 'integer', (col) => col.notNull())
        .addColumn('allowed', 'integer', (col) => col.notNull())
        .addColumn('reported_at', 'text', (col) => col.notNull())
        .execute();
}
export async function down(db) {
    await db.schema.dropTable('api_allocations').execute();
}
//# sourceMappingURL=015_api_allocations.js.map