import type { InjectOptions } from 'fastify';
import { operations, type OperationSpec } from 'shared/contract';
import { toJsonSchema } from '../src/routes/docs/openapi.js';
import { seedAccountFixtures } from './helpers/fixtures.js';
import {
  bodyForSchema,
  contentTypes,
  pick,
  plausibleIds,
  queryForSchema,
  randomBody,
  randomQuery,
  randomSegment,
  seededRandom,
  type Random,
  type SchemaNode,
} from './helpers/fuzz.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { ORIGIN, createTestApp, signIn, type TestApp } from './helpers/test-app.js';

/**
 * Every operation of the contract (read from `operations`, so new ones are fuzzed as they land) gets
 * CASES_PER_OPERATION generated requests: almost-valid and broken bodies, path parameters and query
 * strings, wrong methods and media types, every seeded account's session, a bad one and none. The
 * sandbox runs in-process so provider-backed routes reach their adapters. Nothing may answer 5xx,
 * except a 502 whose message names the provider; every error is JSON with a string message.
 */
interface FuzzTarget {
  name: string;
  method: NonNullable<InjectOptions['method']>;
  path: string;
  body?: SchemaNode;
  query?: SchemaNode;
}

const methodOrder = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const contractTargets: FuzzTarget[] = Object.entries(operations as Record<string, OperationSpec>)
  .map(([name, operation]) => ({
    name,
    method: operation.method,
    path: operation.path,
    ...(operation.body ? { body: toJsonSchema(operation.body, 'input') } : {}),
    ...(operation.query ? { query: toJsonSchema(operation.query, 'input') } : {}),
  }))
  // deletes last, so the fixtures are there for the other calls
  .sort((a, b) => methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method));

/** The api's routes outside the contract; the embedded identity provider has its own error format and is left out. /oauth/logout ends sessions, so it is last. */
const otherTargets: FuzzTarget[] = [
  { name: 'unknown admin path', method: 'GET', path: '/api/admin/unknown/{id}' },
  { name: 'openapi document', method: 'GET', path: '/api/docs/openapi.json' },
  { name: 'remotes.json', method: 'GET', path: '/remotes.json' },
  { name: 'health', method: 'GET', path: '/health' },
  { name: 'sign-in callback', method: 'GET', path: '/auth/callback' },
  { name: 'logout', method: 'GET', path: '/oauth/logout' },
];

const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20241122);
// Own time limits: under the root jest config (npm test) a project's testTimeout does not apply and the default is 5 s.
const HOOK_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 30_000;
const providerName = /hubspot|salesforce|smartlead|instantly|emailbison|bison|heyreach/i;

describe('fuzz: every operation with malformed bodies, params and query strings', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let cookies: string[];
  const random = seededRandom(SEED);
  const statuses = new Map<number, number>();
  let sent = 0;
  let started = 0;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '5000' });
    await seedAccountFixtures(t.app, sandbox.url);
    cookies = [
      await signIn(t.app, 'admin'),
      await signIn(t.app, 'manager'),
      await signIn(t.app, 'user'),
      'crm_sync_session=garbage',
      '',
    ];
    started = Date.now();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    process.stdout.write(
      `fuzz: ${sent} requests over ${contractTargets.length} operations and ${otherTargets.length} other routes in ${Date.now() - started} ms ` +
        `(seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}\n`,
    );
    await t?.close();
    await sandbox?.close();
  }, HOOK_TIMEOUT_MS);

  function segment(random: Random): string {
    return random() < 0.6 ? String(pick(random, plausibleIds)) : randomSegment(random);
  }

  function randomRequest(random: Random, target: FuzzTarget): InjectOptions & { url: string } {
    const method =
      random() < 0.85
        ? target.method
        : pick(random, ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'] as const);
    const headers: Record<string, string> = {};
    const cookie = pick(random, cookies);
    if (cookie) headers.cookie = cookie;
    if (random() < 0.9) headers.origin = ORIGIN;
    if (random() < 0.5)
      headers.accept = pick(random, ['application/json', 'text/html', '*/*', 'image/png']);
    const path = target.path.replace(/\{\w+\}/g, () => segment(random));
    const query = target.query ? queryForSchema(random, target.query) : randomQuery(random);
    const options: InjectOptions & { url: string } = { method, url: `${path}${query}`, headers };
    if (method !== 'GET' && method !== 'HEAD' && random() < 0.9) {
      const contentType = random() < 0.7 ? 'application/json' : pick(random, contentTypes);
      if (contentType !== undefined) headers['content-type'] = contentType;
      options.payload = target.body ? bodyForSchema(random, target.body) : randomBody(random);
    }
    return options;
  }

  async function fuzz(target: FuzzTarget): Promise<string[]> {
    const failures: string[] = [];
    for (let i = 0; i < CASES_PER_OPERATION; i += 1) {
      const request = randomRequest(random, target);
      const response = await t.app.inject(request);
      sent += 1;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const describe = () =>
        `${String(request.method)} ${request.url.slice(0, 160)} [${String((request.headers as Record<string, string>)['content-type'])}] ` +
        `${String(request.payload ?? '').slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (response.statusCode < 400) continue;
      let message: unknown;
      const isJson = (response.headers['content-type'] ?? '')
        .toString()
        .startsWith('application/json');
      if (isJson) {
        try {
          message = (JSON.parse(response.body) as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
      }
      if (!isJson) failures.push(`not JSON: ${describe()}`);
      else if (typeof message !== 'string' || message === '')
        failures.push(`no message: ${describe()}`);
      else if (response.statusCode === 502 && !providerName.test(message))
        failures.push(`502 naming no provider: ${describe()}`);
      else if (response.statusCode >= 500 && response.statusCode !== 502) failures.push(describe());
    }
    return failures;
  }

  it.each(contractTargets.map((target) => [target.name, target] as const))(
    `%s: ${CASES_PER_OPERATION} generated requests, never a 5xx (but a 502 naming the provider), every error a string message`,
    async (_name, target) => {
      expect((await fuzz(target)).slice(0, 5)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it.each(otherTargets.map((target) => [target.name, target] as const))(
    `%s (outside the contract): ${CASES_PER_OPERATION} generated requests`,
    async (_name, target) => {
      expect((await fuzz(target)).slice(0, 5)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it('reached every kind of answer: success, validation, auth, role, unknown ids and paths, media types', () => {
    expect(sent).toBe((contractTargets.length + otherTargets.length) * CASES_PER_OPERATION);
    for (const status of [200, 400, 401, 403, 404, 415])
      expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
  });
});
