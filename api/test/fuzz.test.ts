import type { InjectOptions } from 'fastify';
import { ORIGIN, createTestApp, signIn, type TestApp } from './helpers/test-app.js';
import { contentTypes, pick, randomBody, randomQuery, randomSegment, seededRandom, type Random } from './helpers/fuzz.js';

/** The api's own routes ({id} is filled with generated segments). The embedded identity provider has its own error format and is left out. */
const routes: { method: InjectOptions['method']; path: string }[] = [
  { method: 'GET', path: '/api/admin/me' },
  { method: 'GET', path: '/api/admin/dashboard/users' },
  { method: 'PUT', path: '/api/admin/dashboard/users/{id}' },
  { method: 'GET', path: '/api/admin/unknown/{id}' },
  { method: 'GET', path: '/remotes.json' },
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/auth/callback' },
  { method: 'GET', path: '/oauth/logout' },
];

const CASES_PER_ROUTE = 400;
const TIME_BUDGET_MS = 25_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20241122);

describe('fuzz: malformed bodies, params and query strings', () => {
  let t: TestApp;
  let cookies: string[];

  beforeAll(async () => {
    t = await createTestApp();
    cookies = [await signIn(t.app, 'admin'), await signIn(t.app, 'manager'), await signIn(t.app, 'user'), 'crm_sync_session=garbage', ''];
  });
  afterAll(async () => {
    await t.close();
  });

  function randomRequest(random: Random, route: (typeof routes)[number]): InjectOptions & { url: string } {
    const methods: InjectOptions['method'][] = [route.method ?? 'GET', route.method ?? 'GET', route.method ?? 'GET', 'POST', 'PATCH', 'DELETE', 'PUT'];
    const method = pick(random, methods);
    const headers: Record<string, string> = {};
    const cookie = pick(random, cookies);
    if (cookie) headers.cookie = cookie;
    if (random() < 0.9) headers.origin = ORIGIN;
    if (random() < 0.5) headers.accept = pick(random, ['application/json', 'text/html', '*/*', 'image/png']);
    const url = `${route.path.replace('{id}', randomSegment(random))}${randomQuery(random)}`;
    const options: InjectOptions & { url: string } = { method, url, headers };
    if (method !== 'GET' && method !== 'HEAD' && random() < 0.9) {
      const contentType = pick(random, contentTypes);
      if (contentType !== undefined) headers['content-type'] = contentType;
      options.payload = randomBody(random);
    }
    return options;
  }

  it(`sends up to ${CASES_PER_ROUTE} generated requests per route: never a 5xx, every error has a string message`, async () => {
    const random = seededRandom(SEED);
    const started = Date.now();
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const route of routes) {
      for (let i = 0; i < CASES_PER_ROUTE && Date.now() - started < TIME_BUDGET_MS; i += 1) {
        const request = randomRequest(random, route);
        const response = await t.app.inject(request);
        sent += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const describe = () => `${String(request.method)} ${request.url.slice(0, 120)} [${String((request.headers as Record<string, string>)['content-type'])}] → ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) failures.push(describe());
        if (response.statusCode >= 400 && (response.headers['content-type'] ?? '').toString().startsWith('application/json')) {
          let message: unknown;
          try {
            message = (JSON.parse(response.body) as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string' || message === '') failures.push(`no message: ${describe()}`);
        } else if (response.statusCode >= 400 && response.statusCode !== 503) {
          failures.push(`not JSON: ${describe()}`);
        }
      }
    }
    process.stdout.write(`fuzz: ${sent} requests over ${routes.length} routes in ${Date.now() - started} ms (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(routes.length * 50);
    // the generator reaches every kind of answer: success, validation, auth, role, unknown paths and media types
    for (const status of [200, 400, 401, 403, 404, 415]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
  });
});
