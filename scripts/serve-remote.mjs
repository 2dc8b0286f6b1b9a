// Serves one remote's build on its own origin, as a separately deployed remote would be:
// CORS on, mf-manifest.json / remoteEntry.js / index.html never cached, hashed assets immutable.
// Usage: node scripts/serve-remote.mjs <dist folder> <port>   (also importable: serveRemote(dir, port))
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const types = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json; charset=utf-8',
};
const uncached = new Set(['mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'index.html']);

/** The .br or .gz copy the build wrote beside a file (scripts/precompress.mjs), if the client takes it. */
function precompressedEncoding(file, acceptEncoding = '') {
  const accepted = String(acceptEncoding);
  if (/\bbr\b/.test(accepted) && fs.existsSync(`${file}.br`)) return { name: 'br', suffix: 'br' };
  if (/\bgzip\b/.test(accepted) && fs.existsSync(`${file}.gz`)) return { name: 'gzip', suffix: 'gz' };
  return null;
}

/** @returns {Promise<http.Server>} */
export function serveRemote(dir, port, host = '127.0.0.1') {
  const root = path.resolve(dir);
  const server = http.createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    if (request.method !== 'GET' && request.method !== 'HEAD') return response.writeHead(405).end();
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(root, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(root + path.sep)) return response.writeHead(403).end();
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
    const encoding = precompressedEncoding(file, request.headers['accept-encoding']);
    fs.readFile(encoding ? `${file}.${encoding.suffix}` : file, (error, body) => {
      if (error) return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      const name = path.basename(file);
      response.writeHead(200, {
        'content-type': types[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': uncached.has(name) ? 'no-cache' : 'public, max-age=31536000, immutable',
        vary: 'Accept-Encoding',
        ...(encoding ? { 'content-encoding': encoding.name } : {}),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    });
  });
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
