// Keeps the import boundaries of eslint.config.mjs honest: lints small snippets at made-up paths inside
// the tree and expects each crossing to fail (and the allowed imports beside them to pass).
// Run by `npm test` (scripts/test.mjs, step "Lint"): node --test scripts/lint-boundaries.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { remotes } from './eslint-boundaries.mjs';

const root = path.dirname(import.meta.dirname);
// Boundaries need no types: without the TypeScript programs the test takes seconds, not minutes.
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.mjs'),
  overrideConfig: tseslint.configs.disableTypeChecked,
});
const boundaryRules = new Set([
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  'no-restricted-syntax',
]);

async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  assert.ok(result, `${file} was not linted (ignored?)`);
  const fatal = result.messages.filter((message) => message.fatal);
  assert.deepEqual(fatal, [], `${file} did not parse`);
  return result.messages
    .filter((message) => boundaryRules.has(message.ruleId))
    .map((message) => message.message);
}

async function expectFails(file, code, expected) {
  const errors = await boundaryErrors(file, code);
  assert.ok(errors.length > 0, `expected a boundary error in ${file} for:\n${code}`);
  for (const error of errors) assert.match(error, expected);
}

async function expectPasses(file, code) {
  assert.deepEqual(
    await boundaryErrors(file, code),
    [],
    `expected no boundary error in ${file} for:\n${code}`,
  );
}

const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** An existing source file in dir, as an import specifier from fromDir. */
function someSource(dir, fromDir) {
  const found = fs
    .readdirSync(path.join(root, dir), { recursive: true })
    .find((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
  assert.ok(found, `no source file in ${dir}`);
  const relative = path.relative(fromDir, path.join(dir, found)).replace(/\.tsx?$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

test('a remote never imports another remote', async () => {
  const [remote, other] = remotes;
  await expectFails(
    `${remote}/src/Fake.tsx`,
    `import x from '${someSource(`${other}/src`, `${remote}/src`)}';\nexport default x;\n`,
    /never imports another remote/,
  );
  await expectFails(
    `${remote}/src/Fake.tsx`,
    `import x from '${other}';\nexport default x;\n`,
    /loaded at runtime/,
  );
  await expectPasses(
    `${remote}/src/Fake.tsx`,
    `import { ScreenHeading } from 'shared/ui';\nimport x from '${someSource(`${remote}/src`, `${remote}/src`)}';\nexport { ScreenHeading, x };\n`,
  );
});

test("the shell never imports a remote's code", async () => {
  await expectFails(
    'shell/src/Fake.tsx',
    `export * from '${someSource(`${remotes[0]}/src`, 'shell/src')}';\n`,
    /shell loads the remotes at runtime/,
  );
  await expectFails(
    'shell/src/Fake.tsx',
    `export const load = () => import('${someSource(`${remotes[0]}/src`, 'shell/src')}');\n`,
    /shell loads the remotes at runtime/,
  );
  await expectFails(
    'shell/src/Fake.tsx',
    `export * from '${remotes[0]}/App';\n`,
    /loaded at runtime/,
  );
});

test('a feature folder never imports another feature folder, nor the app', async () => {
  const app = ['shell', ...remotes].find((name) => folders(`${name}/src/features`).length >= 2);
  const [feature, other] = folders(`${app}/src/features`);
  const from = `${app}/src/features/${feature}`;
  await expectFails(
    `${from}/Fake.tsx`,
    `import x from '${someSource(`${app}/src/features/${other}`, from)}';\nexport default x;\n`,
    /feature never imports another feature/,
  );
  await expectFails(
    `${from}/Fake.tsx`,
    `import x from '${someSource(`${app}/src/app`, from)}';\nexport default x;\n`,
    /feature never imports the app/,
  );
  await expectPasses(
    `${from}/Fake.tsx`,
    `import x from '${someSource(from, from)}';\nexport default x;\n`,
  );
});

test('an api route group never imports another route group', async () => {
  const [group, other] = folders('api/src/routes').filter(
    (name) =>
      name !== 'admin' && fs.existsSync(path.join(root, 'api/src/routes', name, 'index.ts')),
  );
  await expectFails(
    `api/src/routes/${group}/fake.ts`,
    `export * from '../${other}/index.js';\n`,
    /route group never imports another route group/,
  );
  await expectPasses(
    `api/src/routes/${group}/fake.ts`,
    `export * from './index.js';\nexport * from '../../http/http-error.js';\n`,
  );
});

test('api adapters never import the HTTP layer', async () => {
  const file = 'api/src/adapters/fake.ts';
  await expectFails(
    file,
    `export * from '../plugins/session.js';\n`,
    /Adapters never import the HTTP layer/,
  );
  await expectFails(
    file,
    `export * from '../http/http-error.js';\n`,
    /Adapters never import the HTTP layer/,
  );
  await expectFails(
    file,
    `export * from '${someSource('api/src/routes', 'api/src/adapters')}.js';\n`,
    /Adapters never import the HTTP layer/,
  );
  await expectFails(
    file,
    `import type { FastifyInstance } from 'fastify';\nexport type App = FastifyInstance;\n`,
    /Adapters never import the HTTP layer \(fastify\)/,
  );
  await expectPasses(file, `export * from '../config.js';\n`);
});

test('shared/contract never imports React nor shared/ui', async () => {
  const file = 'shared/src/contract/fake.ts';
  await expectFails(
    file,
    `import { useState } from 'react';\nexport const x = useState;\n`,
    /never imports React/,
  );
  await expectFails(
    file,
    `import { Button } from '@chakra-ui/react';\nexport const x = Button;\n`,
    /never imports React/,
  );
  await expectFails(file, `export * from '../ui/index';\n`, /stays free of React/);
  await expectPasses(file, `import { z } from 'zod';\nexport const x = z.string();\n`);
});

test('the api and the sandbox never import shared/ui or React', async () => {
  await expectFails(
    'api/src/fake.ts',
    `export * from '${someSource('shared/src/ui', 'api/src')}';\n`,
    /api never imports React code/,
  );
  await expectFails(
    'api/src/fake.ts',
    `import { createElement } from 'react';\nexport const x = createElement;\n`,
    /api never imports React/,
  );
  await expectFails(
    'sandbox/src/fake.ts',
    `import { ScreenHeading } from 'shared/ui';\nexport const x = ScreenHeading;\n`,
    /sandbox never imports React/,
  );
  await expectPasses('api/src/fake.ts', `export * from 'shared/contract';\n`);
});

test('api adapters never import repositories, services or features', async () => {
  const file = 'api/src/adapters/fake.ts';
  for (const dir of ['repositories', 'services', 'crm-writers', 'block-list-sync', 'forwarding'])
    await expectFails(
      file,
      `export * from '${someSource(`api/src/${dir}`, 'api/src/adapters')}.js';\n`,
      /Adapters never import repositories, services or features/,
    );
  await expectPasses(
    file,
    `export * from '../providers/provider-error.js';\nexport * from '../records/user-profile.js';\n`,
  );
});

test('api repositories import no adapter, service, feature nor the HTTP layer', async () => {
  const file = 'api/src/repositories/fake.ts';
  for (const dir of ['adapters', 'services', 'crm-writers', 'block-list-sync', 'routes', 'http'])
    await expectFails(
      file,
      `export * from '${someSource(`api/src/${dir}`, 'api/src/repositories')}.js';\n`,
      /Repositories import no adapter, service, feature nor the HTTP layer/,
    );
  await expectPasses(
    file,
    `export * from '../db/schema.js';\nexport * from '../records/api-usage.js';\nexport * from './users.js';\n`,
  );
});

test('api services throw domain errors, never import the HTTP layer', async () => {
  const file = 'api/src/services/fake.ts';
  await expectFails(
    file,
    `export * from '../http/http-error.js';\n`,
    /Services never import the HTTP layer/,
  );
  await expectFails(
    file,
    `export * from '${someSource('api/src/routes', 'api/src/services')}.js';\n`,
    /Services never import the HTTP layer/,
  );
  await expectPasses(
    file,
    `export * from './domain-errors.js';\nexport * from '../repositories/users.js';\nexport * from '../adapters/hubspot/index.js';\n`,
  );
});

test('api features never import one another; pacing lives in providers/', async () => {
  await expectFails(
    'api/src/block-list-sync/fake.ts',
    `export * from '${someSource('api/src/crm-writers', 'api/src/block-list-sync')}.js';\n`,
    /A feature \(crm-writers, block-list-sync, forwarding\) never imports another/,
  );
  await expectFails(
    'api/src/crm-writers/fake.ts',
    `export * from '${someSource('api/src/forwarding', 'api/src/crm-writers')}.js';\n`,
    /never imports another/,
  );
  await expectPasses(
    'api/src/block-list-sync/fake.ts',
    `export * from '../providers/pacing.js';\nexport * from '../providers/hubspot-limits.js';\n`,
  );
});

test('api routes call services, never repositories, adapters, the database or a feature', async () => {
  const file = 'api/src/routes/users/fake.ts';
  for (const dir of ['repositories', 'adapters', 'db', 'crm-writers', 'block-list-sync'])
    await expectFails(
      file,
      `export * from '${someSource(`api/src/${dir}`, 'api/src/routes/users')}.js';\n`,
      /Routes call services, never repositories/,
    );
  await expectFails(
    file,
    `import type { FastifyInstance } from 'fastify';\nexport const f = (app: FastifyInstance) => app.db;\n`,
    /Routes call services with app.deps/,
  );
  await expectFails(
    file,
    `import type { FastifyInstance } from 'fastify';\nexport const f = (app: FastifyInstance) => {\n  const { config } = app;\n  return config;\n};\n`,
    /Routes call services with app.deps/,
  );
  await expectPasses(
    file,
    `import type { FastifyInstance } from 'fastify';\nimport { currentUserOf } from '../../services/current-user.js';\nexport const f = (app: FastifyInstance) => [app.deps, currentUserOf];\n`,
  );
});

test("the webhook receiver's routes call services like every route (no debt left)", async () => {
  const file = 'api/src/routes/webhook-receiver/fake.ts';
  for (const dir of ['receiver', 'jobs', 'repositories', 'providers/limit-store.ts'])
    await expectFails(
      file,
      `export * from '${dir.endsWith('.ts') ? `../../${dir.slice(0, -3)}` : someSource(`api/src/${dir}`, 'api/src/routes/webhook-receiver')}.js';\n`,
      /Routes call services, never repositories/,
    );
  await expectFails(
    file,
    `import type { FastifyInstance } from 'fastify';\nexport const f = (app: FastifyInstance) => app.config;\n`,
    /Routes call services with app.deps/,
  );
  await expectPasses(
    file,
    `export * from '../../services/webhook-receiver.js';\nexport * from './index.js';\n`,
  );
});
