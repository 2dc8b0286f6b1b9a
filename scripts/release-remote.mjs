// `pnpm --filter <remote> run release`: builds the remote, copies the build to its versioned location
// (releases/<version>/, served by its remote server as /v/<version>/ and never changed afterwards),
// and registers the version with the api's release registry (with the shared libraries, the host
// contract range and the contract operations it needs), which makes it live unless the gate refuses
// it. Settings: API_URL (http://localhost:8080), DEPLOY_TOKEN (else the default run's, in
// .data/deploy-token), RELEASE_BASE_URL (http://localhost:<the remote's port>/v), RELEASE_VERSION,
// RELEASE_ACTIVATE=false to register without making it live.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { calledOperations, releaseVersion, sharedRequirements } from './release/build-facts.mjs';
import { readDeployToken } from './release/deploy-token.mjs';

const dir = process.cwd();
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const area = pkg.name.replaceAll('-', '_');

function fail(message) {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}

function build(version) {
  const pnpm = process.env.npm_execpath;
  if (!pnpm) fail('Run this through pnpm: pnpm --filter <remote> run release');
  const viaNode = /\.[cm]?js$/.test(pnpm);
  const result = spawnSync(
    viaNode ? process.execPath : pnpm,
    [...(viaNode ? [pnpm] : []), 'run', 'build'],
    { cwd: dir, stdio: 'inherit', env: { ...process.env, RELEASE_VERSION: version } },
  );
  if (result.status !== 0)
    fail(`The build of ${pkg.name} failed: the messages above name the file.`);
}

async function operationNames() {
  const contract = createRequire(path.join(dir, 'package.json')).resolve('shared/contract');
  return Object.keys((await import(pathToFileURL(contract).href)).operations);
}

const version = releaseVersion(dir);
const target = path.join(dir, 'releases', version);
if (fs.existsSync(target))
  fail(`${pkg.name} ${version} is already released: a version never changes (commit first).`);
console.log(`Releasing ${pkg.name} ${version}`);
build(version);
fs.cpSync(path.join(dir, 'dist'), target, { recursive: true });

const port =
  process.env[`${pkg.name.replace(/^mfe-/, '').toUpperCase()}_PORT`] ?? pkg.remote.devPort;
const base = process.env.RELEASE_BASE_URL ?? `http://localhost:${port}/v`;
const readBuilt = (name) => JSON.parse(fs.readFileSync(path.join(target, name), 'utf8'));
const publication = {
  version,
  manifestUrl: `${base}/${version}/mf-manifest.json`,
  shared: sharedRequirements(readBuilt('mf-manifest.json'), readBuilt('share-scope.json')),
  operations: calledOperations(path.join(dir, 'src'), await operationNames()),
  hostContract: readBuilt('host-contract.json').range,
  activate: process.env.RELEASE_ACTIVATE !== 'false',
};
const apiUrl = process.env.API_URL ?? 'http://localhost:8080';
const response = await fetch(`${apiUrl}/api/admin/releases/${area}/versions`, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    authorization: `Bearer ${readDeployToken()}`,
  },
  body: JSON.stringify(publication),
}).catch((error) => fail(`The api at ${apiUrl} did not answer (${error.message}): is it running?`));
const answer = await response.json().catch(() => ({}));
if (!response.ok) {
  fs.rmSync(target, { recursive: true, force: true });
  fail(`The registry refused ${pkg.name} ${version} (${response.status}): ${answer.message ?? ''}`);
}
console.log(
  `✓ ${pkg.name} ${version} published at ${publication.manifestUrl}${publication.activate ? ' and live' : ''}`,
);
