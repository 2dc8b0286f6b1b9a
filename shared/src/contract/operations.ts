import { z } from 'zod';
import { apiPaths } from './paths.js';
import { currentUser } from './current-user.js';
import { dashboardUser, dashboardUserList, idParams, userPermissionsUpdate } from './users.js';

/**
 * One entry per call of the REST contract: the api validates requests and responses with these
 * schemas and the client takes its types from them.
 */
export const operations = {
  getMe: { method: 'GET', path: apiPaths.me, response: currentUser },
  listUsers: { method: 'GET', path: apiPaths.users, response: dashboardUserList },
  updateUser: {
    method: 'PUT',
    path: apiPaths.user,
    params: idParams,
    body: userPermissionsUpdate,
    response: dashboardUser,
  },
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
type Op = Operations[OperationName];
export type ResponseOf<N extends OperationName> = z.infer<Operations[N]['response']>;
export type BodyOf<N extends OperationName> = Operations[N] extends { body: z.ZodType } ? z.infer<Operations[N]['body']> : never;
export type ParamsOf<N extends OperationName> = Operations[N] extends { params: z.ZodType } ? z.input<Operations[N]['params']> : never;
export type { Op };
