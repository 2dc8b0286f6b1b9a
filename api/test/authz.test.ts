import { operations, type OperationName } from 'shared/contract';
import { decide, mayActOn, policies, readScope, type Actor } from '../src/authz/index.js';

/**
 * The policy module on its own (the permission matrix tries every operation through HTTP): the owner
 * always, other organizations never, and within one organization the role the operation names.
 */
const actor = (id: number, role: Actor['role'], organizationId: number | null): Actor => ({
  id,
  role,
  organizationId,
  canWebhook: true,
  canUserAccount: true,
  canBlockList: true,
});
const admin = actor(1, 'ADMIN', 10);
const manager = actor(2, 'MANAGER', 10);
const user = actor(3, null, 10);
const loner = actor(4, 'ADMIN', null);
const own = (who: Actor) => ({ userId: who.id, ownerOrganizationId: who.organizationId });
const elsewhere = { userId: 9, ownerOrganizationId: 20 };

describe('authz policy', () => {
  it('declares every operation of the contract, with a message for each refusal of someone else’s resource', () => {
    expect(Object.keys(policies).sort()).toEqual(Object.keys(operations).sort());
    // a refusal within the organization can only happen when `others` asks for more than `who` already does
    const unexplained = (
      Object.entries(policies) as [OperationName, (typeof policies)[OperationName]][]
    )
      .filter(
        ([, policy]) =>
          policy.others !== undefined && policy.others !== policy.who && !policy.othersDenied,
      )
      .map(([name]) => name);
    expect(unexplained).toEqual([]);
  });

  it.each([
    ['the owner, whatever the rule', admin, 'nobody', own(admin), 'allowed'],
    ['a regular user on a colleague’s', user, 'managerOrAdmin', own(manager), 'forbidden'],
    ['a manager reading a colleague’s', manager, 'managerOrAdmin', own(user), 'allowed'],
    ['a manager changing a colleague’s', manager, 'admin', own(user), 'forbidden'],
    ['an admin changing a colleague’s', admin, 'admin', own(manager), 'allowed'],
    ['an admin on another organization’s', admin, 'admin', elsewhere, 'not-found'],
    [
      'an admin on a user without an organization',
      admin,
      'admin',
      { userId: 9, ownerOrganizationId: null },
      'not-found',
    ],
    ['an admin without an organization on anyone else’s', loner, 'admin', own(user), 'not-found'],
    ['anyone when nobody else may', admin, 'nobody', own(manager), 'forbidden'],
  ] as const)('%s', (_label, who, others, owner, expected) => {
    expect(decide(who, others, owner)).toBe(expected);
  });

  it('answers the presenters’ row flags from the same table', () => {
    expect(mayActOn(admin, 'deleteApiKey', own(manager))).toBe(true);
    expect(mayActOn(manager, 'deleteApiKey', own(admin))).toBe(false);
    expect(mayActOn(manager, 'listLeadCategories', own(admin))).toBe(true);
    expect(mayActOn(admin, 'listLeadCategories', elsewhere)).toBe(false);
  });

  it('scopes lists to the organization for managers and admins, to the user otherwise', () => {
    expect(readScope(manager)).toEqual({ kind: 'organization', organizationId: 10 });
    expect(readScope(user)).toEqual({ kind: 'own', userId: 3 });
    expect(readScope(loner)).toEqual({ kind: 'own', userId: 4 });
  });
});
