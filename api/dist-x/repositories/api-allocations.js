export const salesforceAllocationKey = (orgId) => `salesforce:${orgId}`;
/** Keeps what the CRM last reported of an org's daily allocation, for every process to read. */
export async function recordApiUsage(db, key, usage, at) {
    const values = { used: usage.used, allowed: usage.allowed, reported_at: at };
    await db
        .insertInto('api_allocations')
        .values({ key, ...values })
        .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
        .execute();
}
export async function findApiAllocation(db, key) {
    const row = await db.selectFrom('api_allocations').select(['used', 'allowed', 'reported_at']).where('key', '=', key).executeTakeFirst();
    return row === undefined ? undefined : { used: row.used, allowed: row.allowed, reportedAt: row.reported_at };
}
//# sourceMappingURL=api-allocations.js.map