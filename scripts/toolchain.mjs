// What both README commands do first: check Node, find or install pnpm 12, install the workspace, build.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function step(text) {
  console.log(`\n▸ ${text}`);
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`CRM Sync needs Node.js 20.19 or newer; this is ${process.version}.`);
    process.exit(1);
  }
}

function pnpmVersion(command) {
  try {
    return execFileSync(command, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The pnpm 12 on the PATH, or one installed into .tools/ (no global install, no corepack). */
export function ensurePnpm() {
  if (pnpmVersion('pnpm')?.startsWith('12.')) return 'pnpm';
  const local = path.join(repoRoot, '.tools', 'node_modules', '.bin', 'pnpm');
  if (pnpmVersion(local)?.startsWith('12.')) return local;
  step('Installing pnpm 12 into .tools/');
  run('npm', ['install', '--prefix', path.join(repoRoot, '.tools'), '--no-audit', '--no-fund', '--allow-scripts=pnpm', 'pnpm@12']);
  if (!pnpmVersion(local)) throw new Error('pnpm could not be installed');
  return local;
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** better-sqlite3 compiles from source where no prebuilt binary can be fetched: use the running Node's headers. */
function nativeBuildEnv() {
  const nodeDir = path.resolve(path.dirname(process.execPath), '..');
  const hasHeaders = fs.existsSync(path.join(nodeDir, 'include', 'node', 'node.h'));
  return hasHeaders && !process.env.npm_config_nodedir ? { npm_config_nodedir: nodeDir } : {};
}

export function installWorkspace(pnpm) {
  step('Installing dependencies');
  run(pnpm, ['install', '--frozen-lockfile', '--reporter=append-only'], { env: nativeBuildEnv() });
}

export function buildWorkspace(pnpm) {
  step('Building shared, the api, the sandbox, the shell and the four remotes');
  run(pnpm, ['--filter', 'shared', 'run', 'build']);
  run(pnpm, ['--filter', 'api', '--filter', 'sandbox', '--filter', 'shell', '--filter', './mfe-*', '--workspace-concurrency=2', 'run', 'build'], { env: { CI: process.env.CI ?? '' } });
}
