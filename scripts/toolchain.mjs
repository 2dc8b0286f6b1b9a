// What both README commands do first: check Node, find or install pnpm 12, install the workspace, build.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fingerprint, stamp } from './up-to-date.mjs';

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
    return execFileSync(command, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

// The pnpm the README's commands install when the machine has no pnpm 12. npm 11 refuses
// --allow-scripts into a folder, so the package goes in with --ignore-scripts (npm 10 and 11 accept
// that) and we then run its one install script ourselves: install.js links the native binary, which
// came as an optional dependency (@pnpm/exe.<os>-<arch>), over the package's placeholder bins, beside
// the dist/ folder where that binary finds the node-gyp it builds native modules with.
const PNPM_VERSION = '12.21.0';
const toolsDir = path.join(repoRoot, '.tools');
const localPnpm = path.join(toolsDir, 'node_modules', 'pnpm', 'pnpm');

/** The pnpm 12 on the PATH, or one installed into .tools/ (no global install, no corepack). */
export function ensurePnpm() {
  if (pnpmVersion('pnpm')?.startsWith('12.')) return 'pnpm';
  if (pnpmVersion(localPnpm)?.startsWith('12.')) return localPnpm;
  step(`Installing pnpm ${PNPM_VERSION} into .tools/ (once, about 10 s)`);
  fs.mkdirSync(toolsDir, { recursive: true });
  fs.writeFileSync(
    path.join(toolsDir, 'package.json'),
    `${JSON.stringify({ private: true, description: "pnpm for the README's commands" }, null, 2)}\n`,
  );
  // Inside .tools/ rather than with --prefix, which also moves npm's global config (a machine's
  // registry or CA settings) to .tools/etc/npmrc.
  const npmInstall = [
    'install',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--no-package-lock',
    '--save=false',
  ];
  const hint = `Installing pnpm ${PNPM_VERSION} failed. ${registryHint}`;
  run('npm', [...npmInstall, `pnpm@${PNPM_VERSION}`], { cwd: toolsDir, hint });
  run(process.execPath, [path.join(toolsDir, 'node_modules', 'pnpm', 'install.js')], {
    cwd: path.join(toolsDir, 'node_modules', 'pnpm'),
    hint,
  });
  if (!pnpmVersion(localPnpm)?.startsWith('12.'))
    fail(
      `pnpm ${PNPM_VERSION} was installed into .tools/ but does not run.`,
      'Delete the .tools/ folder and run the command again.',
    );
  return localPnpm;
}

/** What a person can do when a step that reaches the npm registry fails. */
const registryHint =
  'The install needs the npm registry (`npm config get registry`): check your network or proxy ' +
  '(HTTPS_PROXY, `npm config set proxy`), then run the command again.';
const nativeHint =
  'If the messages above end in node-gyp (compiling better-sqlite3 for this Node), install a C++ ' +
  'toolchain and Python (Debian/Ubuntu: `apt-get install -y python3 make g++`).';

/** Stops the command with the step that failed and what to do, never a stack trace. */
export function fail(what, hint) {
  console.error(`\n✗ ${what}`);
  if (hint) console.error(`  ${hint}`);
  process.exit(1);
}

/** Runs one step; when it fails, says which step and `hint` (what to do), and stops. */
export function run(command, args, { hint, ...options } = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    const how = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    fail(`${path.basename(command)} ${args.join(' ')} failed (${how}).`, hint);
  }
}

/**
 * The top of `npm start` and `npm test`: an error that escapes `main` is reported as the step that
 * failed, in one line, rather than as a stack trace.
 */
export async function runCommand(name, main) {
  try {
    await main();
  } catch (error) {
    fail(`${name} stopped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** better-sqlite3 compiles from source where no prebuilt binary can be fetched: use the running Node's headers. */
function nativeBuildEnv() {
  const nodeDir = path.resolve(path.dirname(process.execPath), '..');
  const hasHeaders = fs.existsSync(path.join(nodeDir, 'include', 'node', 'node.h'));
  return hasHeaders && !process.env.npm_config_nodedir ? { npm_config_nodedir: nodeDir } : {};
}

const workspacePackages = [
  'shared',
  'api',
  'shell',
  'mfe-connections',
  'mfe-webhooks',
  'mfe-blocklists',
  'mfe-logs',
  'e2e',
  'sandbox',
];
const builtPackages = [
  'shared',
  'api',
  'sandbox',
  'shell',
  'mfe-connections',
  'mfe-webhooks',
  'mfe-blocklists',
  'mfe-logs',
];
// scripts/ files that run the commands rather than shape a build: editing them rebuilds nothing.
const commandScripts = [
  'start.mjs',
  'test.mjs',
  'toolchain.mjs',
  'up-to-date.mjs',
  'serve-remote.mjs',
  'run-stack.mjs',
].map((file) => `scripts/${file}`);
const stampFile = (name) => path.join(repoRoot, 'node_modules', '.cache', 'crm-sync', name);

export function installWorkspace(pnpm) {
  const manifests = [
    'package.json',
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    ...workspacePackages.map((name) => `${name}/package.json`),
  ];
  const inputs = fingerprint(repoRoot, manifests, {
    extra: `${process.version} ${pnpmVersion(pnpm)}`,
  });
  const installed = stamp(stampFile('install'));
  if (installed.isCurrent(inputs)) {
    step('Dependencies are installed and the lockfile has not changed: skipping the install');
    return;
  }
  step('Installing dependencies');
  run(pnpm, ['install', '--frozen-lockfile', '--reporter=append-only'], {
    env: nativeBuildEnv(),
    hint: `Installing the dependencies failed. ${registryHint} ${nativeHint}`,
  });
  installed.remember(inputs);
}

/** Builds what changed since the last build: a package whose own files, shared/ or the build scripts changed. */
export function buildWorkspace(pnpm) {
  const common = fingerprint(
    repoRoot,
    ['shared', 'scripts', 'tsconfig.base.json', 'pnpm-lock.yaml'],
    { ignored: commandScripts },
  );
  const stale = builtPackages
    .map((name) => ({
      name,
      inputs: fingerprint(repoRoot, [name], { extra: common }),
      built: stamp(stampFile(`build-${name}`)),
    }))
    .filter(
      ({ name, inputs, built }) =>
        !built.isCurrent(inputs) || !fs.existsSync(path.join(repoRoot, name, 'dist')),
    );
  if (stale.length === 0) {
    step('Every package is built and nothing changed since: skipping the build');
    return;
  }
  step(`Building ${stale.map(({ name }) => name).join(', ')}`);
  const hint = (names) =>
    `The build of ${names} failed: the messages above name the file and line. ` +
    'Fix it (or set local changes aside with `git stash`) and run the command again.';
  if (stale.some(({ name }) => name === 'shared'))
    run(pnpm, ['--filter', 'shared', 'run', 'build'], { hint: hint('shared') });
  const apps = stale.filter(({ name }) => name !== 'shared').map(({ name }) => name);
  if (apps.length > 0)
    run(
      pnpm,
      [...apps.flatMap((name) => ['--filter', name]), '--workspace-concurrency=2', 'run', 'build'],
      {
        env: { CI: process.env.CI ?? '' },
        hint: hint(apps.join(', ')),
      },
    );
  for (const { inputs, built } of stale) built.remember(inputs);
}
