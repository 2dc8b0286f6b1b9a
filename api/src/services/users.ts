import type { DashboardUser } from 'shared/contract';
import type { Deps } from '../deps.js';
import { toDashboardUser } from '../presenters/users.js';
import type { OwnerScope } from '../repositories/owner-scope.js';
import {
  findUserById,
  listUsersOfOrganization,
  updatePermissions,
  type UserRecord,
} from '../repositories/users.js';
import { notFound } from './domain-errors.js';
import type { ParsedBody } from './parsed-request.js';

export const findUser = (deps: Pick<Deps, 'db'>, id: number): Promise<UserRecord | undefined> =>
  findUserById(deps.db, id);

/** The Users screen: the organization's users for those who read it, else the viewer alone. */
export async function visibleUsers(
  deps: Pick<Deps, 'db'>,
  viewer: UserRecord,
  scope: OwnerScope,
): Promise<DashboardUser[]> {
  return scope.kind === 'organization'
    ? (await listUsersOfOrganization(deps.db, scope.organizationId)).map(toDashboardUser)
    : [toDashboardUser(viewer)];
}

export async function setUserPermissions(
  deps: Pick<Deps, 'db'>,
  id: number,
  flags: ParsedBody<'updateUser'>,
): Promise<DashboardUser> {
  const updated = await updatePermissions(deps.db, id, flags);
  if (!updated) throw notFound('User not found');
  return toDashboardUser(updated);
}
