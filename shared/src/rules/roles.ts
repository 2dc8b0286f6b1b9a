import type { Role } from '../contract/index.js';

/** spec §6: checks exist for is-admin, is-manager and is-manager-or-admin. */
export const isAdmin = (role: Role | null | undefined): boolean => role === 'ADMIN';
export const isManager = (role: Role | null | undefined): boolean => role === 'MANAGER';
export const isManagerOrAdmin = (role: Role | null | undefined): boolean =>
  isAdmin(role) || isManager(role);
