import { kdf } from '../src/idp/passwords.js';
import { Browser, last, type Step } from './helpers/browser.js';
import { fakeClock } from './helpers/fake-clock.js';
import { startListeningApp, type ListeningApp } from './helpers/listening-app.js';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The embedded login page against guessing (real HTTP). The client address is the same for every
 * test here, so together they stay under its twenty free failures.
 */
describe('sign-in throttling, enumeration, and the identity provider at rest', () => {
  let server: ListeningApp;

  beforeAll(async () => {
    server = await startListeningApp();
  });
  afterAll(async () => {
    await server.close();
  });

  async function openLoginPage(browser: Browser): Promise<string> {
    const page = last(await browser.navigate('/auth/login'));
    expect(page.url).toMatch(/\/oidc\/interaction\//);
    return page.url;
  }

  const post = (browser: Browser, page: string, email: string, password: string): Promise<Step> =>
    browser.request(page, { form: { email, password } });

  it('spends a login page after five wrong passwords, then keeps the email waiting even for the right one', async () => {
    const browser = new Browser(server.origin);
    const page = await openLoginPage(browser);
    for (let i = 0; i < 5; i += 1)
      expect((await post(browser, page, 'manager@example.com', `guess-${i}`)).status).toBe(401);
    const spent = await post(browser, page, 'manager@example.com', 'crm-sync-demo');
    expect(spent.status).toBe(429);
    expect(spent.body).toContain('Start signing in again');

    const fresh = await post(
      browser,
      await openLoginPage(browser),
      'manager@example.com',
      'crm-sync-demo',
    );
    expect(fresh.status).toBe(429);
    expect(fresh.body).toContain('Too many sign-in attempts. Wait a few minutes, then try again.');

    // Another account from the same address still signs in.
    const steps = await browser.navigate(await openLoginPage(browser), {
      form: { email: 'admin@example.com', password: 'crm-sync-demo' },
    });
    expect(steps.find((step) => step.url.includes('/auth/callback'))?.location).toBe(
      `${server.origin}/admin/dashboard`,
    );
  });

  it('checks a password against a dummy hash for an unknown email, so known and unknown emails take as long', async () => {
    // A spy by hand: the api's tests run as native ES modules, where jest's global is not there.
    const original = kdf.derive;
    let derivations = 0;
    kdf.derive = (...args) => {
      derivations += 1;
      return original(...args);
    };
    try {
      const browser = new Browser(server.origin);
      const unknown = await post(
        browser,
        await openLoginPage(browser),
        'nobody@example.com',
        'whatever',
      );
      expect(unknown.status).toBe(401);
      expect(derivations).toBe(1);

      // Interleaved, fewer than five per email and per page: the throttle stays out of the timings.
      const known: number[] = [];
      const unknowns: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        for (const email of ['admin@example.com', 'user@example.com']) {
          const page = await openLoginPage(browser);
          let started = performance.now();
          expect((await post(browser, page, email, `wrong-${round}`)).status).toBe(401);
          known.push(performance.now() - started);
          started = performance.now();
          expect(
            (await post(browser, page, `nobody-${round}-${email}`, `wrong-${round}`)).status,
          ).toBe(401);
          unknowns.push(performance.now() - started);
        }
      }
      const ratio = median(unknowns) / median(known);
      expect(ratio).toBeGreaterThan(1 / 3);
      expect(ratio).toBeLessThan(3);
    } finally {
      kdf.derive = original;
    }
  });

  it('keeps no code, token or session id of the identity provider in the database, only hashes and sealed payloads', async () => {
    const browser = new Browser(server.origin);
    const steps = await browser.navigate(await openLoginPage(browser), {
      form: { email: 'user@example.com', password: 'crm-sync-demo' },
    });
    const callback = steps.find((step) => step.url.includes('/auth/callback'));
    const code = new URL(callback?.url ?? '').searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const providerCookies = [...browser.cookies.entries()]
      .filter(([name]) => name.startsWith('_'))
      .map(([, cookie]) => cookie.value.split('.')[0] ?? '');
    expect(providerCookies.length).toBeGreaterThan(0);

    const rows = await server.app.db.selectFrom('oidc_models').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    for (const secret of [code, ...providerCookies]) expect(stored).not.toContain(secret);
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f]{64}$/);
      expect(row.payload).toMatch(/^v1:/);
    }
  });
});

describe('sign-in throttling on the injected clock', () => {
  it("keeps an email waiting until the app's clock has passed the wait, not the wall clock", async () => {
    const clock = fakeClock(new Date('2026-03-02T09:00:00Z'));
    const server = await startListeningApp({}, { clock });
    try {
      const browser = new Browser(server.origin);
      const openLoginPage = async (): Promise<string> =>
        last(await browser.navigate('/auth/login')).url;
      const page = await openLoginPage();
      for (let i = 0; i < 5; i += 1)
        expect(
          (
            await browser.request(page, {
              form: { email: 'manager@example.com', password: `guess-${i}` },
            })
          ).status,
        ).toBe(401);
      expect(
        (
          await browser.request(await openLoginPage(), {
            form: { email: 'manager@example.com', password: 'crm-sync-demo' },
          })
        ).status,
      ).toBe(429);

      clock.advance(16 * 60 * 1000);
      const steps = await browser.navigate(await openLoginPage(), {
        form: { email: 'manager@example.com', password: 'crm-sync-demo' },
      });
      expect(steps.find((step) => step.url.includes('/auth/callback'))?.location).toBe(
        `${server.origin}/admin/dashboard`,
      );
    } finally {
      await server.close();
    }
  });
});
