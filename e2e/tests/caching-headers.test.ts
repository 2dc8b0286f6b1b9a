import { startStack, type Stack } from '../src/stack';

// Long-term caching on the real build: what has a content hash in its name is immutable for a year, what
// names other files (the page, /remotes.json, the manifests, the remote entries) is revalidated on every use,
// and text comes from the precompressed .br the build wrote.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const IMMUTABLE = /^public,\s*max-age=31536000,\s*immutable$/;

async function get(url: string): Promise<Response> {
  // as a browser asks: a page path gets the page only when HTML is acceptable
  const response = await fetch(url, {
    headers: { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*;q=0.8' },
  });
  expect({ url, status: response.status }).toEqual({ url, status: 200 });
  return response;
}

async function expectCaching(url: string, cacheControl: string | RegExp, encoded = true) {
  const response = await get(url);
  const header = response.headers.get('cache-control') ?? '';
  if (typeof cacheControl === 'string')
    expect({ url, header }).toEqual({ url, header: cacheControl });
  else expect({ url, header }).toEqual({ url, header: expect.stringMatching(cacheControl) });
  if (encoded)
    expect({ url, encoding: response.headers.get('content-encoding') }).toEqual({
      url,
      encoding: 'br',
    });
  return response;
}

it('serves the shell: the page and its configuration revalidated, hashed scripts immutable', async () => {
  const page = await (await expectCaching(`${stack.baseUrl}/`, 'no-cache', false)).text();
  await expectCaching(`${stack.baseUrl}/admin/dashboard/users`, 'no-cache', false);
  await expectCaching(`${stack.baseUrl}/remotes.json`, 'private, no-cache', false);
  await expectCaching(`${stack.baseUrl}/mf-manifest.json`, 'no-cache');
  const scripts = [...page.matchAll(/<script[^>]+src="([^"]+)"/g)].map(([, src]) => src!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    expect(src).toMatch(/\.[0-9a-f]{8}\.js$/);
    await expectCaching(new URL(src, stack.baseUrl).href, IMMUTABLE);
  }
});

it('serves each remote: manifest and remote entry revalidated, hashed chunks immutable', async () => {
  const { remotes } = (await (await get(`${stack.baseUrl}/remotes.json`)).json()) as {
    remotes: Array<{ name: string; entry: string }>;
  };
  expect(remotes).toHaveLength(4);
  for (const { entry } of remotes) {
    const manifest = (await (await expectCaching(entry, 'no-cache')).json()) as {
      metaData: { remoteEntry: { name: string } };
      exposes: Array<{ assets: { js: { sync: string[] } } }>;
    };
    await expectCaching(new URL(manifest.metaData.remoteEntry.name, entry).href, 'no-cache');
    const chunks = manifest.exposes.flatMap((expose) => expose.assets.js.sync);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      expect(chunk).toMatch(/\.[0-9a-f]{8}\.js$/);
      // a chunk under 1 KiB is not worth compressing (scripts/precompress.mjs)
      const response = await expectCaching(new URL(chunk, entry).href, IMMUTABLE, false);
      expect(['br', null]).toContain(response.headers.get('content-encoding'));
    }
  }
});
