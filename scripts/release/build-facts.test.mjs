// What the release command tells the registry about a build (node --test).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { calledOperations, releaseVersion, sharedRequirements } from './build-facts.mjs';

test('a shared library is a singleton requirement only when the build shares it as one', () => {
  const manifest = {
    shared: [
      { name: 'react', requiredVersion: '^19.2.0', version: '19.3.1' },
      { name: 'crm-sync-kit/@chakra-ui/react', requiredVersion: '^1.52.0', version: '1.52.0' },
    ],
  };
  assert.deepEqual(sharedRequirements(manifest, { singletons: ['react', 'react-dom'] }), [
    { name: 'crm-sync-kit/@chakra-ui/react', requiredVersion: '^1.52.0', singleton: false },
    { name: 'react', requiredVersion: '^19.2.0', singleton: true },
  ]);
});

test('the operations a remote calls are the contract names its source quotes, tests left out', () => {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'release-facts-'));
  fs.mkdirSync(path.join(src, 'features', 'test'), { recursive: true });
  fs.writeFileSync(
    path.join(src, 'features', 'Logs.tsx'),
    "useOperationQuery('listWebhookLogs', q); const label = 'listUsers is a word';\n" +
      'invalidates: ["getWebhookLog"]',
  );
  fs.writeFileSync(path.join(src, 'features', 'Logs.test.tsx'), "call('deleteWebhook')");
  fs.writeFileSync(path.join(src, 'features', 'test', 'helpers.ts'), "call('deleteUser')");
  const names = ['listWebhookLogs', 'getWebhookLog', 'listUsers', 'deleteWebhook', 'deleteUser'];
  assert.deepEqual(calledOperations(src, names), ['getWebhookLog', 'listWebhookLogs']);
  fs.rmSync(src, { recursive: true, force: true });
});

test('a build carries its package version and commit, unless RELEASE_VERSION names one', () => {
  const dir = path.join(import.meta.dirname, '..', '..', 'mfe-logs');
  assert.match(releaseVersion(dir, {}), /^\d+\.\d+\.\d+\+[0-9a-f]{7}$/);
  assert.equal(releaseVersion(dir, { RELEASE_VERSION: '2.0.0' }), '2.0.0');
});
