// `npm test`: installs what is missing, builds, then runs every test: type-checks of every package,
// unit, component and api tests, and the browser tests against the real stack in Chromium.
// Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  buildWorkspace,
  checkNode,
  ensurePnpm,
  installWorkspace,
  repoRoot,
  step,
} from './toolchain.mjs';

checkNode();
const pnpm = ensurePnpm();
installWorkspace(pnpm);
buildWorkspace(pnpm);

const packages = [
  'shared',
  'api',
  'sandbox',
  'shell',
  'mfe-connections',
  'mfe-webhooks',
  'mfe-blocklists',
  'mfe-logs',
  'e2e',
];
const resultsDir = path.join(repoRoot, '.test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const tally = { passed: 0, failed: 0 };

step('Type-checking every package');
for (const name of packages) {
  const result = spawnSync(pnpm, ['--filter', name, 'run', 'typecheck'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const ok = result.status === 0;
  tally[ok ? 'passed' : 'failed'] += 1;
  console.log(`  ${ok ? '✓' : '✗'} typecheck ${name}`);
  if (!ok) console.log(result.stdout + result.stderr);
}

step('Lint');
for (const [label, command, args] of [
  ['eslint (rules and import boundaries)', pnpm, ['run', 'lint']],
  ['prettier --check', pnpm, ['run', 'format:check']],
  [
    'the import boundaries fail when crossed',
    process.execPath,
    ['--test', 'scripts/lint-boundaries.test.mjs'],
  ],
  [
    'the release command reads a build (version, shared libraries, operations)',
    process.execPath,
    ['--test', 'scripts/release/build-facts.test.mjs'],
  ],
  [
    'npm start and npm test import no package before their install',
    process.execPath,
    ['--test', 'scripts/first-commands.test.mjs'],
  ],
]) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const ok = result.status === 0;
  tally[ok ? 'passed' : 'failed'] += 1;
  console.log(`  ${ok ? '✓' : '✗'} ${label}`);
  if (!ok) console.log(result.stdout + result.stderr);
}

// The api's tests run on SQLite and again on PostgreSQL (jest project "api (postgres)", which
// jest.config.cjs lists when TEST_POSTGRES_URL is set). The server: TEST_POSTGRES_URL, else a local one
// with the crm_sync role if it answers. Without one that project is left out and said so, except under
// CI=true or REQUIRE_POSTGRES=true (.ci/run), where a missing PostgreSQL is a failure.
const LOCAL_POSTGRES_URL = 'postgres://crm_sync:crm_sync@127.0.0.1:5432/postgres';
const isTrue = (value) => ['true', '1', 'yes'].includes((value ?? '').trim().toLowerCase());
const withoutPassword = (url) => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(unreadable URL)';
  }
};

/** null when the server answers and the role may create databases; else what is wrong. */
async function postgresProblem(url) {
  const pg = createRequire(path.join(repoRoot, 'api', 'package.json'))('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query(
      'SELECT rolcreatedb FROM pg_roles WHERE rolname = current_user',
    );
    return rows[0]?.rolcreatedb ? null : 'its role may not create databases (needs CREATEDB)';
  } catch (error) {
    return error instanceof Error ? error.message || error.code || 'no answer' : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

step('Finding PostgreSQL for the api tests');
const postgresUrl = process.env.TEST_POSTGRES_URL?.trim() || LOCAL_POSTGRES_URL;
const postgresMissing = await postgresProblem(postgresUrl);
let postgresNote = '';
if (postgresMissing === null) {
  process.env.TEST_POSTGRES_URL = postgresUrl;
  console.log(
    `  ✓ PostgreSQL at ${withoutPassword(postgresUrl)}: the api tests run on SQLite and on PostgreSQL`,
  );
} else {
  delete process.env.TEST_POSTGRES_URL;
  postgresNote =
    `PostgreSQL tests did not run: no usable server at ${withoutPassword(postgresUrl)} (${postgresMissing}). ` +
    'To run them, start PostgreSQL with a login role crm_sync / crm_sync with CREATEDB (as root on Debian: .ci/start-postgres) or set TEST_POSTGRES_URL.';
  if (isTrue(process.env.CI) || isTrue(process.env.REQUIRE_POSTGRES)) {
    tally.failed += 1;
    postgresNote = `✗ ${postgresNote} (required: CI or REQUIRE_POSTGRES is set)`;
  }
  console.log(`  ${postgresNote}`);
}

function jest(label, config, extraArgs) {
  step(label);
  const outputFile = path.join(
    resultsDir,
    `${path.basename(path.dirname(config))}-${label.replace(/\W+/g, '-')}.json`,
  );
  fs.rmSync(outputFile, { force: true });
  spawnSync(
    pnpm,
    ['exec', 'jest', '--config', config, '--json', `--outputFile=${outputFile}`, ...extraArgs],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
      },
    },
  );
  if (!fs.existsSync(outputFile)) {
    console.log(`  ✗ ${label}: jest wrote no results`);
    tally.failed += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
  tally.passed += report.numPassedTests;
  // A suite that fails before its tests run (a syntax error, a failing beforeAll) counts as one failure.
  tally.failed +=
    report.numFailedTests +
    report.testResults.filter(
      (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
    ).length;
}

jest('Unit, component and api tests', path.join(repoRoot, 'jest.config.cjs'), ['--maxWorkers=2']);
jest('Browser tests (Chromium)', path.join(repoRoot, 'e2e', 'jest.config.cjs'), ['--runInBand']);

if (postgresNote) console.log(`\n${postgresNote}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
