/** The ids of an organization's users, as a subquery for `where(user_id, 'in', …)`. */
export function organizationMembers(db, organizationId) {
    return db.selectFrom('users').select('users.id').where('users.organization_id', '=', organizationId);
}
//# sourceMappingURL=owner-scope.js.map