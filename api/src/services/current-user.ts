import type { CurrentUser } from 'shared/contract';
import type { Deps } from '../deps.js';
import { toCurrentUser } from '../presenters/users.js';
import { listUserProfileIds } from '../repositories/user-profiles.js';
import type { UserRecord } from '../repositories/users.js';

/** GET /api/admin/me: the signed-in user with the ids of their CRM profiles. */
export async function currentUserOf(
  deps: Pick<Deps, 'db'>,
  user: UserRecord,
): Promise<CurrentUser> {
  return toCurrentUser(user, await listUserProfileIds(deps.db, user.id));
}
