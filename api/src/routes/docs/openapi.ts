import { errorBody, type OperationSpec } from 'shared/contract';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../auth/cookies.js';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as z.toJSONSchema writes it. */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

interface OpenApiMediaType {
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  operationId: string;
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  security: Record<string, string[]>[];
}

export type HttpMethodKey = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Partial<Record<HttpMethodKey, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<
      string,
      { type: 'apiKey'; in: 'cookie'; name: string; description: string }
    >;
  };
}

/** A schema of the contract as JSON Schema: request parts as the client sends them, responses as the api answers. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

const errorRef = { $ref: '#/components/schemas/ErrorBody' };

/** The `{ message }` answers every operation may give (spec §8; design: "An error body is { message }"). */
const errorResponses: Record<string, string> = {
  '400':
    'Invalid path parameters, query or body: the message names the first bad field; `errors` has one entry per field.',
  '401': 'No valid session (sign in at /auth/login).',
  '403':
    'The signed-in user may not do this (role, ownership or permission flag); the message says why.',
  '404': 'No such resource (or not one the user may see).',
  '502':
    'A CRM or platform call failed or timed out; the message names the provider and what failed.',
};

/** The path and query parameters of one part of an operation, from its object schema. */
function parametersOf(
  name: string,
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
): OpenApiParameter[] {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input');
  const properties = json.properties;
  if (typeof properties !== 'object' || properties === null) {
    throw new Error(
      `Operation ${name}: its ${location} schema is not an object of named parameters`,
    );
  }
  const required = new Set(
    Array.isArray(json.required)
      ? json.required.filter((key): key is string => typeof key === 'string')
      : [],
  );
  return Object.entries(properties as Record<string, JsonSchema>).map(([key, parameterSchema]) => {
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
export const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

function operationOf(name: string, operation: OperationSpec): OpenApiOperation {
  const parameters = [
    ...parametersOf(name, operation.params, 'path'),
    ...parametersOf(name, operation.query, 'query'),
  ];
  // every {name} of the path is a parameter, even when the operation has no schema for it
  for (const parameterName of pathParameterNames(operation.path)) {
    if (
      !parameters.some((parameter) => parameter.in === 'path' && parameter.name === parameterName)
    ) {
      parameters.push({
        name: parameterName,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      });
    }
  }
  const success: OpenApiResponse =
    operation.responseType === 'text'
      ? {
          description: 'OK (plain text)',
          content: { 'text/plain': { schema: toJsonSchema(operation.response, 'output') } },
        }
      : {
          description: 'OK',
          content: { 'application/json': { schema: toJsonSchema(operation.response, 'output') } },
        };
  const responses: Record<string, OpenApiResponse> = { '200': success };
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

export interface OpenApiInfo {
  /** The api's public origin, e.g. http://localhost:8080. */
  serverUrl: string;
  version: string;
}

/**
 * The OpenAPI 3.1 document of the REST contract, generated from shared/contract `operations` (the
 * same schemas the api validates with): one operation per call, its path (`{id}` parameters),
 * method, parameters, request body and response, and the `{ message }` error answers.
 */
export function buildOpenApiDocument(
  operations: Readonly<Record<string, OperationSpec>>,
  info: OpenApiInfo,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, operation] of Object.entries(operations)) {
    const method = operation.method.toLowerCase() as HttpMethodKey;
    const item = (paths[operation.path] ??= {});
    if (item[method])
      throw new Error(
        `Operations ${item[method].operationId} and ${name} share ${operation.method} ${operation.path}`,
      );
    item[method] = operationOf(name, operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'CRM Sync admin API',
      version: info.version,
      description:
        'The /api/admin contract of CRM Sync, generated from the shared zod contract. Calls need the session cookie ' +
        `(${SESSION_COOKIE}, set by the sign-in at /auth/login); POST, PUT, PATCH and DELETE also need an Origin header of the dashboard. ` +
        'Every error answers { message } (plus errors per field for validation).',
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: { ErrorBody: toJsonSchema(errorBody, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The httpOnly session cookie of the dashboard sign-in.',
        },
      },
    },
  };
}
