import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { globalPlugin } from './global-plugin.js';

/** A content hash in a file name (main.3f9a1c2b.js, 123.ab12cd34ef.chunk.css): safe to cache forever. */
const hashedName = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(filePath: string): string {
  // with preCompressed the file sent is main.3f9a1c2b.js.br: its hash is before the compression's suffix
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (name.endsWith('.html')) return 'no-cache';
  return hashedName.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** embed.js and its chunks (issue 59): loaded by pages of any site, so not bound to this origin. */
export function isEmbedAsset(shellDistDir: string, filePath: string): boolean {
  const relative = path.relative(shellDistDir, filePath).split(path.sep).join('/');
  return /^embed\.js(\.(br|gz))?$/.test(relative) || relative.startsWith('embed/');
}

export const SHELL_NOT_BUILT =
  'The CRM Sync dashboard is not built yet. Run `pnpm --filter shell build` (or build the whole workspace) and reload this page.\n';

/** Serves the shell's build: hashed assets immutable, everything else revalidated. */
export const shellPlugin = globalPlugin<{ shellDistDir: string }>(async (app, { shellDistDir }) => {
  await app.register(fastifyStatic, {
    root: shellDistDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(filePath));
      if (isEmbedAsset(shellDistDir, filePath)) {
        res.setHeader('cross-origin-resource-policy', 'cross-origin');
        res.setHeader('access-control-allow-origin', '*');
      }
    },
  });
});

/** The SPA fallback: the shell's index.html, or a 503 saying to build it. */
export function sendShellIndex(reply: FastifyReply, shellDistDir: string): FastifyReply {
  if (!fs.existsSync(path.join(shellDistDir, 'index.html'))) {
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(SHELL_NOT_BUILT);
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html', shellDistDir);
}
