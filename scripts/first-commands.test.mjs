// The README's two commands must work on a fresh clone, where nothing is installed yet: whatever
// `npm start` and `npm test` run before their install may import only Node's own modules and our
// own files (a package import there fails the first command in under a second), and when the
// install cannot reach the registry the command says which step failed and what to do.
// Run by `npm test` (scripts/test.mjs, step "Lint"): node --test scripts/first-commands.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const root = path.dirname(import.meta.dirname);
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;

/** The file a package.json script runs with `node <file>` (or `exec node <file>`). */
function entryOf(script) {
  const file = /^(?:exec )?node\s+(\S+\.m?js)\b/.exec(script)?.[1];
  assert.ok(file, `expected "node <file>" in the script: ${script}`);
  return path.join(root, file);
}

/** The specifiers a module imports statically (import and export … from), not `await import()`. */
function staticImports(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements
    .filter((node) => ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
    .map((node) => node.moduleSpecifier)
    .filter((specifier) => specifier !== undefined && ts.isStringLiteral(specifier))
    .map((specifier) => specifier.text);
}

const isBuiltin = (specifier) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]);

/** Every package a file reaches through static imports, with the chain of files that leads there. */
function packagesReachedFrom(entry) {
  const reached = [];
  const seen = new Set();
  const visit = (file, chain) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.'))
        visit(path.resolve(path.dirname(file), specifier), [...chain, file]);
      else if (!isBuiltin(specifier))
        reached.push(
          `${specifier} (${[...chain, file].map((f) => path.relative(root, f)).join(' → ')})`,
        );
    }
  };
  visit(entry, []);
  return reached;
}

for (const command of ['start', 'test']) {
  test(`npm ${command} imports no package before its install`, () => {
    assert.deepEqual(packagesReachedFrom(entryOf(scripts[command])), []);
  });
}

test('the guard sees a package imported two files away', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-commands-'));
  fs.writeFileSync(
    path.join(dir, 'entry.mjs'),
    "import fs from 'node:fs';\nimport './middle.mjs';\n",
  );
  fs.writeFileSync(
    path.join(dir, 'middle.mjs'),
    "export { x } from './leaf.mjs';\nconst later = () => import('late-package');\n",
  );
  fs.writeFileSync(
    path.join(dir, 'leaf.mjs'),
    "import {\n  a,\n} from 'sirv';\nexport const x = a;\n",
  );
  try {
    const reached = packagesReachedFrom(path.join(dir, 'entry.mjs'));
    assert.equal(reached.length, 1);
    assert.match(reached[0], /^sirv \(.*entry\.mjs → .*middle\.mjs → .*leaf\.mjs\)$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A port on which nothing listens: the registry of a machine whose network is down. */
async function closedPort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('npm start without the npm registry says which step failed and what to do, without a stack trace', async () => {
  // A copy of the commands on a machine that has never installed anything: no pnpm, no .tools/.
  const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'first-commands-checkout-'));
  const bin = path.join(checkout, 'bin');
  try {
    fs.cpSync(path.join(root, 'scripts'), path.join(checkout, 'scripts'), { recursive: true });
    fs.copyFileSync(path.join(root, 'package.json'), path.join(checkout, 'package.json'));
    fs.mkdirSync(bin);
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    const npm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
    fs.symlinkSync(fs.realpathSync(npm), path.join(bin, 'npm'));
    const result = spawnSync(process.execPath, [path.join(checkout, 'scripts', 'start.mjs')], {
      cwd: checkout,
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        PATH: bin,
        HOME: checkout,
        npm_config_registry: `http://127.0.0.1:${await closedPort()}/`,
        npm_config_cache: path.join(checkout, 'npm-cache'),
        npm_config_fetch_retries: '0',
        npm_config_userconfig: path.join(checkout, 'no-npmrc'),
      },
    });
    const output = result.stdout + result.stderr;
    assert.notEqual(result.status, 0, output);
    assert.match(output, /✗ npm install .*pnpm@12\.\d+\.\d+ failed/);
    assert.match(
      output,
      /Installing pnpm 12\.\d+\.\d+ failed\. The install needs the npm registry/,
    );
    assert.match(output, /check your network or proxy/);
    assert.doesNotMatch(output, /^\s+at .+:\d+:\d+\)?$/m, 'a stack trace');
  } finally {
    fs.rmSync(checkout, { recursive: true, force: true });
  }
});
