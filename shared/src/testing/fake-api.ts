/** A fake of the api at the HTTP boundary: routes are 'METHOD /path' with {id}-style parameters. */
export interface FakeResponse {
  status?: number;
  body?: unknown;
}
export type FakeHandler = (request: {
  params: Record<string, string>;
  body: unknown;
  query: URLSearchParams;
}) => FakeResponse | Promise<FakeResponse>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeApi {
  fetch: typeof fetch;
  calls: RecordedCall[];
  on(route: string, handler: FakeHandler | FakeResponse): FakeApi;
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const regex = new RegExp(
    `^${pattern.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`,
  );
  const match = regex.exec(path);
  if (!match) return null;
  return Object.fromEntries(
    names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
  );
}

export function createFakeApi(routes: Record<string, FakeHandler | FakeResponse> = {}): FakeApi {
  const table = new Map(Object.entries(routes));
  const calls: RecordedCall[] = [];
  const api: FakeApi = {
    calls,
    on(route, handler) {
      table.set(route, handler);
      return api;
    },
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      for (const [route, handler] of table) {
        const [routeMethod, pattern] = route.split(' ');
        if (routeMethod !== method || !pattern) continue;
        const params = matchPath(pattern, url.pathname);
        if (!params) continue;
        const result =
          typeof handler === 'function'
            ? await handler({ params, body, query: url.searchParams })
            : handler;
        const status = result.status ?? 200;
        return new Response(status === 204 ? null : JSON.stringify(result.body ?? null), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ message: `No fake for ${method} ${url.pathname}` }), {
        status: 404,
      });
    },
  };
  return api;
}

/**
 * createFakeApi with the routes named, as tests write them: `routes` gives each name its
 * 'METHOD /path', `answers` each name its answer (overrides spread in last).
 */
export function createNamedFakeApi<Name extends string>(
  routes: Record<Name, string>,
  answers: Record<Name, FakeHandler | FakeResponse>,
): FakeApi {
  return createFakeApi(
    Object.fromEntries(
      Object.entries<FakeHandler | FakeResponse>(answers).map(([name, answer]) => [
        routes[name as Name],
        answer,
      ]),
    ),
  );
}
