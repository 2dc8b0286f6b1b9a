async function withProfiles(db, rows) {
    if (rows.length === 0)
        return [];
    const profiles = await db
        .selectFrom('user_profiles')
        .select(['id', 'salesforce_setting_id', 'status'])
        .where('salesforce_setting_id', 'in', rows.map((row) => row.id))
        .orderBy('id')
        .execute();
    return rows.map((row) => {
        const own = profiles.filter((profile) => profile.salesforce_setting_id === row.id);
        const newest = own[own.length - 1];
        return {
            id: row.id,
            userId: row.user_id,
            ownerOrganizationId: row.owner_organization_id,
            domain: row.domain,
            consumerKey: row.consumer_key,
            consumerSecretSealed: row.consumer_secret_enc,
            createdAt: row.created_at,
            userProfileId: newest?.id ?? null,
            connected: own.some((profile) => profile.status === 'CONNECTED'),
        };
    });
}
function selectSettings(db) {
    return db
        .selectFrom('salesforce_settings')
        .innerJoin('users', 'users.id', 'salesforce_settings.user_id')
        .select([
        'salesforce_settings.id',
        'salesforce_settings.user_id',
        'users.organization_id as owner_organization_id',
        'salesforce_settings.domain',
        'salesforce_settings.consumer_key',
        'salesforce_settings.consumer_secret_enc',
        'salesforce_settings.created_at',
    ]);
}
export async function findSalesforceSettings(db, id) {
    const row = await selectSettings(db).where('salesforce_settings.id', '=', id).executeTakeFirst();
    if (!row)
        return undefined;
    const [record] = await withProfiles(db, [row]);
    return record;
}
export async function listSalesforceSettingsOfUser(db, userId) {
    const rows = await selectSettings(db).where('salesforce_settings.user_id', '=', userId).orderBy('salesforce_settings.id').execute();
    return withProfiles(db, rows);
}
export async function createSalesforceSettings(db, input, now) {
    const { id } = await db
        .insertInto('salesforce_settings')
        .values({ user_id: input.userId, domain: input.domain, consumer_key: input.consumerKey, consumer_secret_enc: input.consumerSecretSealed, created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
    const created = await findSalesforceSettings(db, id);
    if (!created)
        throw new Error(`Salesforce settings ${id} vanished after insert`);
    return created;
}
/**
 * Deletes the settings and the Salesforce profiles connected with them (the Salesforce screen has no
 * other way to remove a connection); what hangs off those profiles goes with them.
 */
export async function deleteSalesforceSettings(db, id) {
    return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_profiles').where('salesforce_setting_id', '=', id).where('crm', '=', 'SALESFORCE').execute();
        const result = await trx.deleteFrom('salesforce_settings').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
    });
}
//# sourceMappingURL=salesforce-settings.js.map