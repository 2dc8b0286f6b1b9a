import { isAdmin, isManagerOrAdmin } from 'shared/rules';
import type { UserRecord } from '../repositories/users.js';

/**
 * spec §6: who may change what hangs off a CRM profile (webhooks, endpoints, block lists): its owner,
 * and admins for anyone's. Managers read everyone's but change only their own.
 */
export const mayManage = (viewer: UserRecord, ownerUserId: number): boolean => viewer.id === ownerUserId || isAdmin(viewer.role);

/** Managers and admins read everyone's webhooks, endpoints, block lists and logs. */
export const readsEveryone = (viewer: UserRecord): boolean => isManagerOrAdmin(viewer.role);
