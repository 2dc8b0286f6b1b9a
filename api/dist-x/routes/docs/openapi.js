import { errorBody } from 'shared/contract';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../auth/cookies.js';
/** A schema of the contract as JSON Schema: request parts as the client sends them, responses as the api answers. */
export function toJsonSchema(schema, io) {
    const converted = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
    delete converted.$schema;
    return converted;
}
const errorRef = { $ref: '#/components/schemas/ErrorBody' };
/** The `{ message }` answers every operation may give (spec §8; design: "An error body is { message }"). */
const errorResponses = {
    '400': 'Invalid path parameters, query or body: the message names the first bad field; `errors` has one entry per field.',
    '401': 'No valid session (sign in at /auth/login).',
    '403': 'The signed-in user may not do this (role, ownership or permission flag); the message says why.',
    '404': 'No such resource (or not one the user may see).',
    '502': 'A CRM or platform call failed or timed out; the message names the provider and what failed.',
};
/** The path and query parameters of one part of an operation, from its object schema. */
function parametersOf(name, schema, location) {
    if (!schema)
        return [];
    const json = toJsonSchema(schema, 'input');
    const properties = json.properties;
    if (typeof properties !== 'object' || properties === null) {
        throw new Error(`Operation ${name}: its ${location} schema is not an object of named parameters`);
    }
    const required = new Set(Array.isArray(json.required) ? json.required.filter((key) => typeof key === 'string') : []);
    return Object.entries(properties).map(([key, parameterSchema]) => {
        const { description, ...rest } = parameterSchema;
        return {
            name: key,
            in: location,
            required: location === 'path' || required.has(key),
            schema: rest,
            ...(typeof description === 'string' ? { description } : {}),
        };
    });
}
/** '/api/admin/x/{id}/y/{reportId}' → ['id', 'reportId'] */
export const pathParameterNames = (path) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
function operationOf(name, operation) {
    const parameters = [...parametersOf(name, operation.params, 'path'), ...parametersOf(name, operation.query, 'query')];
    // every {name} of the path is a parameter, even when the operation has no schema for it
    for (const parameterName of pathParameterNames(operation.path)) {
        if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === parameterName)) {
            parameters.push({ name: parameterName, in: 'path', required: true, schema: { type: 'string' } });
        }
    }
    const success = operation.responseType === 'text'
        ? { description: 'OK (plain text)', content: { 'text/plain': { schema: toJsonSchema(operation.response, 'output') } } }
        : { description: 'OK', content: { 'application/json': { schema: toJsonSchema(operation.response, 'output') } } };
    const responses = { '200': success };
    for (const [status, description] of Object.entries(errorResponses)) {
        responses[status] = { description, content: { 'application/json': { schema: errorRef } } };
    }
    return {
        operationId: name,
        parameters,
        ...(operation.body
            ? {
                requestBody: {
                    required: !operation.body.safeParse(undefined).success,
                    content: { 'application/json': { schema: toJsonSchema(operation.body, 'input') } },
                },
            }
            : {}),
        responses,
        security: [{ session: [] }],
    };
}
/**
 * The OpenAPI 3.1 document of the REST contract, generated from shared/contract `operations` (the
 * same schemas the api validates with): one operation per call, its path (`{id}` parameters),
 * method, parameters, request body and response, and the `{ message }` error answers.
 */
export function buildOpenApiDocument(operations, info) {
    const paths = {};
    for (const [name, operation] of Object.entries(operations)) {
        const method = operation.method.toLowerCase();
        const item = (paths[operation.path] ??= {});
        if (item[method])
            throw new Error(`Operations ${item[method].operationId} and ${name} share ${operation.method} ${operation.path}`);
        item[method] = operationOf(name, operation);
    }
    return {
        openapi: '3.1.0',
        info: {
            title: 'CRM Sync admin API',
            version: info.version,
            description: 'The /api/admin contract of CRM Sync, generated from the shared zod contract. Calls need the session cookie ' +
                `(${SESSION_COOKIE}, set by the sign-in at /auth/login); POST, PUT, PATCH and DELETE also need an Origin header of the dashboard. ` +
                'Every error answers { message } (plus errors per field for validation).',
        },
        servers: [{ url: info.serverUrl }],
        paths,
        components: {
            schemas: { ErrorBody: toJsonSchema(errorBody, 'output') },
            securitySchemes: {
                session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The httpOnly session cookie of the dashboard sign-in.' },
            },
        },
    };
}
//# sourceMappingURL=openapi.js.map