import { operations, type OperationSpec } from 'shared/contract';
import { z } from 'zod';
import {
  pathParameterNames,
  toJsonSchema,
  type OpenApiDocument,
} from '../src/routes/docs/openapi.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const allOperations: [string, OperationSpec][] = Object.entries(
  operations as Record<string, OperationSpec>,
);

/** The shape OpenAPI 3.1 requires of what the document uses (checked strictly where it matters). */
const jsonSchema = z.record(z.string(), z.unknown());
const mediaTypes = z.record(
  z.string().regex(/^[a-z]+\/[a-z+.-]+$/),
  z.object({ schema: jsonSchema }),
);
const openApiShape = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string().min(1), version: z.string().min(1), description: z.string() }),
  servers: z.array(z.object({ url: z.url() })).min(1),
  paths: z.record(
    z.string().regex(/^\/[\w/{}.-]*$/),
    z.partialRecord(
      z.enum(['get', 'post', 'put', 'patch', 'delete']),
      z.strictObject({
        operationId: z.string().min(1),
        parameters: z.array(
          z.strictObject({
            name: z.string().min(1),
            in: z.enum(['path', 'query']),
            required: z.boolean(),
            schema: jsonSchema,
            description: z.string().optional(),
          }),
        ),
        requestBody: z.strictObject({ required: z.boolean(), content: mediaTypes }).optional(),
        responses: z.record(
          z.string().regex(/^[1-5]\d\d$|^default$/),
          z.strictObject({ description: z.string().min(1), content: mediaTypes.optional() }),
        ),
        security: z.array(z.record(z.string(), z.array(z.string()))),
      }),
    ),
  ),
  components: z.object({
    schemas: z.record(z.string(), jsonSchema),
    securitySchemes: z.record(
      z.string(),
      z.object({ type: z.string(), in: z.string(), name: z.string() }),
    ),
  }),
});

/** Every `$ref` in the document, so each can be resolved. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else refsIn(child, found);
    }
  }
  return found;
}

describe('GET /api/docs/openapi.json', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = JSON.parse(response.body) as OpenApiDocument;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is valid JSON with the shape of an OpenAPI 3.1 document, served without a session', () => {
    const parsed = openApiShape.safeParse(document);
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 5)).toEqual([]);
    expect(document.servers).toEqual([{ url: t.config.publicUrl }]);
    expect(document.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'crm_sync_session',
    });
  });

  it('has every operation of the contract at its path and method, and nothing else', () => {
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(
        ([method, operation]) => `${operation.operationId} ${method.toUpperCase()} ${path}`,
      ),
    );
    const expected = allOperations.map(
      ([name, operation]) => `${name} ${operation.method} ${operation.path}`,
    );
    expect(listed.sort()).toEqual(expected.sort());
    expect(new Set(listed.map((entry) => entry.split(' ')[0])).size).toBe(allOperations.length);
  });

  it.each(allOperations)(
    '%s: parameters, body, response and the { message } errors',
    (name, operation) => {
      const documented = document.paths[operation.path]?.[operation.method.toLowerCase() as 'get'];
      expect(documented?.operationId).toBe(name);
      if (!documented) return;

      const pathParameters = documented.parameters.filter((parameter) => parameter.in === 'path');
      expect(pathParameters.map((parameter) => parameter.name).sort()).toEqual(
        pathParameterNames(operation.path).sort(),
      );
      for (const parameter of pathParameters) expect(parameter.required).toBe(true);

      const queryNames = documented.parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      const querySchema = operation.query
        ? toJsonSchema(operation.query, 'input')
        : { properties: {} };
      expect(queryNames.sort()).toEqual(Object.keys(querySchema.properties as object).sort());

      if (operation.body) {
        expect(documented.requestBody?.content['application/json']?.schema).toEqual(
          toJsonSchema(operation.body, 'input'),
        );
      } else {
        expect(documented.requestBody).toBeUndefined();
      }

      const mediaType = operation.responseType === 'text' ? 'text/plain' : 'application/json';
      expect(documented.responses['200']?.content?.[mediaType]?.schema).toEqual(
        toJsonSchema(operation.response, 'output'),
      );
      for (const status of ['400', '401', '403', '404', '502']) {
        expect(documented.responses[status]?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
      expect(documented.security).toEqual([{ session: [] }]);
    },
  );

  it('resolves every $ref, and the error body is { message: string }', () => {
    for (const ref of refsIn(document)) {
      expect(ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, key) =>
            node !== null && typeof node === 'object'
              ? (node as Record<string, unknown>)[key]
              : undefined,
          document,
        );
      expect(target).toBeDefined();
    }
    expect(document.components.schemas.ErrorBody).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
  });
});
