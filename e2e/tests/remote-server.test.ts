import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot, serveOnFreePort } from '../src/stack';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request: the path goes on the wire exactly as written, however malformed. */
function request(
  port: number,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = http.request({ host: '127.0.0.1', port, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

let server: ChildProcess;
let port: number;
let dist: string;
const chunk = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>remote</title>');
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{"id":"mfe_test"}');
  fs.writeFileSync(path.join(dist, 'main.1a2b3c4d.js'), chunk);
  fs.writeFileSync(path.join(dist, 'main.1a2b3c4d.js.br'), zlib.brotliCompressSync(chunk));
  fs.writeFileSync(path.join(dist, 'main.1a2b3c4d.js.gz'), zlib.gzipSync(chunk));
  ({ child: server, port } = await serveOnFreePort(
    (at) => ({ args: [path.join(repoRoot, 'scripts', 'serve-remote.mjs'), dist, String(at)] }),
    async (at) => (await request(at, '/mf-manifest.json')).status === 200,
    'the remote server to start',
  ));
});

afterAll(() => {
  server?.kill();
  fs.rmSync(dist, { recursive: true, force: true });
});

it('answers 400 to malformed paths and goes on serving', async () => {
  for (const malformed of ['/%E0%A4%A', '/%', '/%zz/main.js', '/assets/%C0%AF.js']) {
    expect((await request(port, malformed)).status).toBe(400);
  }
  const good = await request(port, '/mf-manifest.json');
  expect(good.status).toBe(200);
  expect(JSON.parse(good.body.toString())).toEqual({ id: 'mfe_test' });
  expect(server.exitCode).toBeNull();
});

it('serves the manifest uncached and hashed assets immutable, with CORS', async () => {
  const manifest = await request(port, '/mf-manifest.json');
  expect(manifest.headers['cache-control']).toBe('no-cache');
  expect(manifest.headers['access-control-allow-origin']).toBe('*');
  const asset = await request(port, '/main.1a2b3c4d.js');
  expect(asset.headers['cache-control']).toBe('public,max-age=31536000,immutable');
  expect(asset.headers['content-type']).toMatch(/javascript/);
  expect(asset.body.toString()).toBe(chunk);
  expect((await request(port, '/admin/dashboard/users')).headers['cache-control']).toBe('no-cache');
});

it('sends the precompressed copy the client accepts', async () => {
  const brotli = await request(port, '/main.1a2b3c4d.js', { 'accept-encoding': 'gzip, br' });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(chunk);
  const gzip = await request(port, '/main.1a2b3c4d.js', { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.headers.vary).toBe('Accept-Encoding');
  expect(zlib.gunzipSync(gzip.body).toString()).toBe(chunk);
});

it('answers a missing file with 404, a page path with the index, and the CORS preflight', async () => {
  expect((await request(port, '/main.deadbeef.js')).status).toBe(404);
  const page = await request(port, '/admin/dashboard/users');
  expect(page.status).toBe(200);
  expect(page.body.toString()).toContain('<title>remote</title>');
  const preflight = await new Promise<number>((resolve, reject) => {
    const call = http.request(
      { host: '127.0.0.1', port, path: '/mf-manifest.json', method: 'OPTIONS' },
      (response) => resolve(response.statusCode ?? 0),
    );
    call.on('error', reject);
    call.end();
  });
  expect(preflight).toBe(204);
});
