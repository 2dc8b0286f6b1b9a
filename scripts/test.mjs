// `npm test`: installs what is missing, builds, then runs every test: type-checks of every package,
// unit, component and api tests, and the browser tests against the real stack in Chromium.
// Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWorkspace, checkNode, ensurePnpm, installWorkspace, repoRoot, step } from './toolchain.mjs';

checkNode();
const pnpm = ensurePnpm();
installWorkspace(pnpm);
buildWorkspace(pnpm);

const packages = ['shared', 'api', 'sandbox', 'shell', 'mfe-connections', 'mfe-webhooks', 'mfe-blocklists', 'mfe-logs', 'e2e'];
const resultsDir = path.join(repoRoot, '.test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const tally = { passed: 0, failed: 0 };

step('Type-checking every package');
for (const name of packages) {
  const result = spawnSync(pnpm, ['--filter', name, 'run', 'typecheck'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const ok = result.status === 0;
  tally[ok ? 'passed' : 'failed'] += 1;
  console.log(`  ${ok ? '✓' : '✗'} typecheck ${name}`);
  if (!ok) console.log(result.stdout + result.stderr);
}

function jest(label, config, extraArgs) {
  step(label);
  const outputFile = path.join(resultsDir, `${path.basename(path.dirname(config))}-${label.replace(/\W+/g, '-')}.json`);
  fs.rmSync(outputFile, { force: true });
  spawnSync(pnpm, ['exec', 'jest', '--config', config, '--json', `--outputFile=${outputFile}`, ...extraArgs], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
  });
  if (!fs.existsSync(outputFile)) {
    console.log(`  ✗ ${label}: jest wrote no results`);
    tally.failed += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
  tally.passed += report.numPassedTests;
  // A suite that fails before its tests run (a syntax error, a failing beforeAll) counts as one failure.
  tally.failed += report.numFailedTests + report.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0).length;
}

jest('Unit, component and api tests', path.join(repoRoot, 'jest.config.cjs'), ['--maxWorkers=2']);
jest('Browser tests (Chromium)', path.join(repoRoot, 'e2e', 'jest.config.cjs'), ['--runInBand']);

console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
