import { isAdmin, isManagerOrAdmin } from 'shared/rules';
import type { OperationName } from 'shared/contract';
import type { OwnerScope } from '../repositories/owner-scope.js';
import type { UserRecord } from '../repositories/users.js';
import { policies, type Others, type OperationPolicy, type Who } from './policy.js';

/** Who acts: the signed-in user's id, role, organization and flags. */
export type Actor = Pick<
  UserRecord,
  'id' | 'role' | 'organizationId' | 'canWebhook' | 'canUserAccount' | 'canBlockList'
>;

/** A resource's owner: the dashboard user it belongs to and that user's organization. */
export interface Owned {
  userId: number;
  ownerOrganizationId: number | null;
}

/** What an actor may do with a resource: act on it, be refused (403), or not see it at all (404). */
export type Decision = 'allowed' | 'forbidden' | 'not-found';

export function hasRole(actor: Pick<Actor, 'role'>, who: Who): boolean {
  if (who === 'anyone') return true;
  return who === 'admin' ? isAdmin(actor.role) : isManagerOrAdmin(actor.role);
}

/** Both belong to the same dashboard organization (a user without one shares it with nobody). */
export const sameOrganization = (actor: Pick<Actor, 'organizationId'>, owner: Owned): boolean =>
  actor.organizationId !== null && actor.organizationId === owner.ownerOrganizationId;

/**
 * The owner may always act on their own resource. Anything of another organization does not exist
 * for the actor; within the organization, `others` says whether the actor's role is enough.
 */
export function decide(actor: Actor, others: Others, owner: Owned): Decision {
  if (owner.userId === actor.id) return 'allowed';
  if (!sameOrganization(actor, owner)) return 'not-found';
  return others !== 'nobody' && hasRole(actor, others) ? 'allowed' : 'forbidden';
}

export function othersOf(policy: OperationPolicy, operation: string): Others {
  if (!policy.others)
    throw new Error(`The policy of ${operation} declares no rule for someone else's resource`);
  return policy.others;
}

/** The one question a handler or presenter asks: may the actor do this operation on this resource? */
export function mayActOn(actor: Actor, operation: OperationName, owner: Owned): boolean {
  return decide(actor, othersOf(policies[operation], operation), owner) === 'allowed';
}

/** Whose things a list answers: the actor's own, or their organization's for managers and admins. */
export type ReadScope = OwnerScope;

export function readScope(actor: Actor): ReadScope {
  return isManagerOrAdmin(actor.role) && actor.organizationId !== null
    ? { kind: 'organization', organizationId: actor.organizationId }
    : { kind: 'own', userId: actor.id };
}

/** Managers and admins read their organization's things (lists, logs and their extra filters). */
export const readsOrganization = (actor: Actor): boolean =>
  readScope(actor).kind === 'organization';

/** A user as a resource (the Users screen, someone's API keys). */
export const ownedUser = (user: Pick<UserRecord, 'id' | 'organizationId'>): Owned => ({
  userId: user.id,
  ownerOrganizationId: user.organizationId,
});
