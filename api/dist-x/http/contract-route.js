import { operations } from 'shared/contract';
import { authorizeCall, resourceAccess } from '../authz/index.js';
import { unauthorized } from './http-error.js';
import { validationError } from './zod-errors.js';
/** '/api/admin/dashboard/users/{id}' → '/api/admin/dashboard/users/:id' */
export const toRoutePath = (path) => path.replace(/\{(\w+)\}/g, ':$1');
function parsePart(schema, value, part) {
    if (!schema)
        return undefined;
    const result = schema.safeParse(value);
    if (!result.success)
        throw validationError(part, result.error);
    return result.data;
}
/**
 * Registers one operation of the contract (shared/contract `operations`): the session's user is
 * authorized by the operation's policy (authz/policy.ts: role and permission flag, before the request
 * is read; the handler gets `access` for the resource rule), path parameters, query and body are
 * parsed with the operation's schemas (400 with `{ message, errors }` on failure), and the handler's
 * answer is checked against the response schema before it is sent (a mismatch is a 500 whose details
 * only go to the log).
 */
export function contractRoute(app, name, route) {
    const operation = operations[name];
    app.route({
        method: operation.method,
        url: toRoutePath(operation.path),
        ...(route.bodyLimit !== undefined ? { bodyLimit: route.bodyLimit } : {}),
        handler: async (request, reply) => {
            const user = request.currentUser;
            if (!user)
                throw unauthorized();
            authorizeCall(user, name);
            const input = {
                params: parsePart(operation.params, request.params, 'path parameters'),
                query: parsePart(operation.query, request.query, 'query'),
                body: parsePart(operation.body, request.body, 'body'),
                user,
                access: resourceAccess(user, name),
                request,
                reply,
            };
            const answer = await route.handler(input);
            const checked = operation.response.safeParse(answer);
            if (!checked.success) {
                request.log.error({ operation: name, issues: checked.error.issues }, 'response does not match the contract');
                throw new Error(`Response of ${name} does not match the contract`);
            }
            return checked.data;
        },
    });
}
//# sourceMappingURL=contract-route.js.map