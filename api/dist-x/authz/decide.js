import { isAdmin, isManagerOrAdmin } from 'shared/rules';
import { policies } from './policy.js';
export function hasRole(actor, who) {
    if (who === 'anyone')
        return true;
    return who === 'admin' ? isAdmin(actor.role) : isManagerOrAdmin(actor.role);
}
/** Both belong to the same dashboard organization (a user without one shares it with nobody). */
export const sameOrganization = (actor, owner) => actor.organizationId !== null && actor.organizationId === owner.ownerOrganizationId;
/**
 * The owner may always act on their own resource. Anything of another organization does not exist
 * for the actor; within the organization, `others` says whether the actor's role is enough.
 */
export function decide(actor, others, owner) {
    if (owner.userId === actor.id)
        return 'allowed';
    if (!sameOrganization(actor, owner))
        return 'not-found';
    return others !== 'nobody' && hasRole(actor, others) ? 'allowed' : 'forbidden';
}
export function othersOf(policy, operation) {
    if (!policy.others)
        throw new Error(`The policy of ${operation} declares no rule for someone else's resource`);
    return policy.others;
}
/** The one question a handler or presenter asks: may the actor do this operation on this resource? */
export function mayActOn(actor, operation, owner) {
    return decide(actor, othersOf(policies[operation], operation), owner) === 'allowed';
}
export function readScope(actor) {
    return isManagerOrAdmin(actor.role) && actor.organizationId !== null ? { kind: 'organization', organizationId: actor.organizationId } : { kind: 'own', userId: actor.id };
}
/** Managers and admins read their organization's things (lists, logs and their extra filters). */
export const readsOrganization = (actor) => readScope(actor).kind === 'organization';
/** A user as a resource (the Users screen, someone's API keys). */
export const ownedUser = (user) => ({ userId: user.id, ownerOrganizationId: user.organizationId });
//# sourceMappingURL=decide.js.map