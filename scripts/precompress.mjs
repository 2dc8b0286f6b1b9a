// Writes .br and .gz copies of a build's text assets, so the api and the remote servers send
// compressed bytes without compressing on every request. Usage: node scripts/precompress.mjs <dist>
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const compressible = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg']);
const MIN_BYTES = 1024;

export function precompress(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)
) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: node scripts/precompress.mjs <dist folder>');
    process.exit(2);
  }
  console.log(`precompressed ${precompress(dir)} files in ${dir}`);
}
