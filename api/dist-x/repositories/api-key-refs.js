export async function findApiKeyRef(db, id) {
    const row = await db
        .selectFrom('api_keys')
        .innerJoin('users', 'users.id', 'api_keys.user_id')
        .select(['api_keys.id', 'api_keys.user_id', 'users.organization_id', 'api_keys.user_profile_id', 'api_keys.platform', 'api_keys.description'])
        .where('api_keys.id', '=', id)
        .executeTakeFirst();
    return row && { id: row.id, userId: row.user_id, ownerOrganizationId: row.organization_id, userProfileId: row.user_profile_id, platform: row.platform, description: row.description };
}
//# sourceMappingURL=api-key-refs.js.map