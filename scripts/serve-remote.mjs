// Serves one remote's build on its own origin, as a separately deployed remote would be:
// CORS on, mf-manifest.json / remoteEntry.js / index.html never cached, hashed assets immutable,
// the .br/.gz copies the build wrote (scripts/precompress.mjs) sent to clients that take them.
// Every published version side by side under /v/<version>/ (the remote's releases/ folder, written by
// scripts/release-remote.mjs): a version never changes, so all of its files are immutable.
// Usage: node scripts/serve-remote.mjs <dist folder> <port>   (also importable: serveRemote(dir, port))
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const uncached = new Set(['mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'index.html']);
const ONE_YEAR_S = 31_536_000;

/** A path that cannot be decoded (`/%E0%A4%A`) is the client's mistake: 400, and the server goes on. */
function isMalformed(url = '/') {
  try {
    decodeURIComponent(new URL(url, 'http://remote').pathname);
    return false;
  } catch {
    return true;
  }
}

const VERSIONED = '/v/';

/** Published versions, looked up on each request (a release lands while the server runs). */
function releasesHandler(releasesDir) {
  return sirv(path.resolve(releasesDir), {
    dev: true,
    brotli: true,
    gzip: true,
    setHeaders: (response) =>
      response.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`),
  });
}

/** The request handler of one remote's build folder (and of its releases folder, beside it by default). */
export function remoteHandler(dir, releasesDir = path.join(dir, '..', 'releases')) {
  const releases = releasesHandler(releasesDir);
  const serve = sirv(path.resolve(dir), {
    brotli: true,
    gzip: true,
    maxAge: ONE_YEAR_S,
    immutable: true,
    // a page path (no extension) gets the app's index.html; a missing file is a 404, never HTML
    single: true,
    setHeaders: (response, pathname) => {
      const name = path.posix.basename(pathname);
      if (uncached.has(name) || path.posix.extname(name) === '')
        response.setHeader('Cache-Control', 'no-cache');
    },
  });
  return (request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    if (request.method !== 'GET' && request.method !== 'HEAD') return response.writeHead(405).end();
    if (isMalformed(request.url))
      return response
        .writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Bad request: the path is not valid URL encoding');
    const notFound = () =>
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    if (request.url?.startsWith(VERSIONED)) {
      request.url = request.url.slice(VERSIONED.length - 1);
      return releases(request, response, notFound);
    }
    serve(request, response, notFound);
  };
}

/** @returns {Promise<http.Server>} */
export function serveRemote(dir, port, host = '127.0.0.1') {
  const server = http.createServer(remoteHandler(dir));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, port] = process.argv.slice(2);
  if (!dir || !port) {
    console.error('Usage: node scripts/serve-remote.mjs <dist folder> <port>');
    process.exit(2);
  }
  await serveRemote(dir, Number(port), process.env.REMOTE_HOST ?? '127.0.0.1');
  console.log(`Serving ${dir} on http://localhost:${port}`);
}
