/** A tiny browser for the sign-in tests: fetch, a cookie jar with path scoping, redirects followed by hand. */

interface StoredCookie {
  value: string;
  path: string;
  attributes: string;
}

export interface Step {
  status: number;
  url: string;
  location: string | undefined;
  setCookies: string[];
  body: string;
}

export class Browser {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(readonly origin: string) {}

  private cookieHeader(path: string): string {
    return [...this.cookies.entries()]
      .filter(
        ([, cookie]) =>
          path === cookie.path ||
          path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`) ||
          cookie.path === '/',
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private store(setCookie: string, requestPath: string): void {
    const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const path =
      attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? requestPath;
    const maxAge = attributes.find((a) => a.toLowerCase().startsWith('max-age='));
    const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='));
    const expired =
      (maxAge !== undefined && Number(maxAge.slice(8)) <= 0) ||
      (expires !== undefined && Date.parse(expires.slice(8)) <= Date.now());
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, { value, path, attributes: attributes.join('; ') });
  }

  /** One request, no redirect following. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Step> {
    const target = new URL(url, this.origin);
    const headers: Record<string, string> = {
      accept: 'text/html,application/json',
      ...init.headers,
    };
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = this.origin;
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    const setCookies = response.headers.getSetCookie();
    for (const setCookie of setCookies) this.store(setCookie, target.pathname);
    const location = response.headers.get('location') ?? undefined;
    return {
      status: response.status,
      url: target.href,
      location: location === undefined ? undefined : new URL(location, target).href,
      setCookies,
      body: await response.text(),
    };
  }

  /** Follows redirects from `url` until a non-redirect answer; returns every step. */
  async navigate(url: string, init: { form?: Record<string, string> } = {}): Promise<Step[]> {
    const steps: Step[] = [];
    let step = await this.request(url, init);
    steps.push(step);
    while (step.status >= 300 && step.status < 400 && step.location) {
      if (steps.length > 10)
        throw new Error(`Too many redirects: ${steps.map((s) => s.url).join(' → ')}`);
      step = await this.request(step.location);
      steps.push(step);
    }
    return steps;
  }
}

export const last = <T>(items: T[]): T => {
  const item = items[items.length - 1];
  if (item === undefined) throw new Error('empty list');
  return item;
};
