import type { DashboardUser } from 'shared/contract';

/** What an empty cell shows (organization, account and hub domain may be missing). */
export const EMPTY_CELL = '—';
export const cellText = (value: string | number | null): string =>
  value === null || value === '' ? EMPTY_CELL : String(value);

/** Cache updater: after a save the updated user takes the place of the row with its id. */
export const replaceUser = (
  users: readonly DashboardUser[],
  updated: DashboardUser,
): DashboardUser[] => users.map((user) => (user.id === updated.id ? updated : user));

/** What a regular user reads on the Users screen instead of a list (spec §6: the screen is for managers and admins). */
export const usersForManagersTexts = {
  title: 'This page is for managers and admins',
  detail:
    'The Users list shows everyone in your organization and their permissions. Ask an admin if you need to see it.',
} as const;
