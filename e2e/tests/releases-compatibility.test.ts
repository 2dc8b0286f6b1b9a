import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ReleaseArea } from 'shared/contract';
import { signIn } from '../src/browser';
import { openHistory, openUsers, releaseMfeLogs, versionedEntry } from '../src/releases';
import { useStackAndBrowser } from '../src/setup';
import { repoRoot } from '../src/stack';
import { replacing, withTemporaryEdits, type TemporaryEdit } from '../src/temporary-edits';

/**
 * Issue 57, what the gate and the way shared/* travels promise, on the real stack: each app bundles
 * the shared code it was built with, so a version of mfe-logs built against a newer `shared` (one
 * more export, which it uses) runs in the shell as built; and a version the live dashboard cannot run
 * is refused by the api's gate when the release command registers it, so no page ever loads it.
 * Each build is made from code edited for the test only: the edits are undone, and mfe-logs/dist
 * (which the release command rebuilds) is put back, once the test is done.
 */
const env = useStackAndBrowser();
const RELEASE_TIMEOUT_MS = 240_000;

const stamp = Date.now().toString(36);
const newer = `0.1.0+e2e.${stamp}.newer-shared`;
const refused = `0.1.0+e2e.${stamp}.refused`;
const releasesDir = path.join(repoRoot, 'mfe-logs', 'releases');
afterAll(() => {
  for (const version of [newer, refused])
    fs.rmSync(path.join(releasesDir, version), { recursive: true, force: true });
});

const keptBuilds = [path.join('mfe-logs', 'dist')];

/** The text of every script of a build folder (its compressed copies left out). */
function scriptsOf(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
}

async function signedInPage(): Promise<Page> {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  return page;
}

const runningHistory = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('list', { name: 'Versions this page runs' })
    .getByText(/^History /);

const note = `Built with a newer shared (${stamp})`;

/** One more export of shared/ui, and mfe-logs's Webhook logs screen showing it. */
const newerSharedEdits: TemporaryEdit[] = [
  {
    file: 'shared/src/ui/newer-shared-note.tsx',
    edit: () =>
      [
        "import { Text } from '@chakra-ui/react';",
        '',
        'export function NewerSharedNote() {',
        `  return <Text>${note}</Text>;`,
        '}',
        '',
      ].join('\n'),
  },
  {
    file: 'shared/src/ui/index.ts',
    edit: (text) => `${text ?? ''}export * from './newer-shared-note.js';\n`,
  },
  replacing(
    'mfe-logs/src/app/App.tsx',
    "import { Route, Routes } from 'react-router-dom';",
    "import { Route, Routes } from 'react-router-dom';\nimport { NewerSharedNote } from 'shared/ui';",
  ),
  replacing(
    'mfe-logs/src/app/App.tsx',
    'element={<WebhookLogsScreen />}',
    'element={<><NewerSharedNote /><WebhookLogsScreen /></>}',
  ),
];

it(
  'runs a version of mfe-logs built against a newer shared (one more export, which it uses) in the shell as built',
  async () => {
    const shellScripts = scriptsOf(path.join(repoRoot, 'shell', 'dist'));
    const release = await withTemporaryEdits(newerSharedEdits, keptBuilds, async () =>
      releaseMfeLogs(env.stack, newer),
    );
    expect({ status: release.status, output: release.stdout + release.stderr }).toEqual({
      status: 0,
      output: expect.stringContaining(`✓ mfe-logs ${newer} published at`),
    });
    // the new export travels in the remote's build; the shell's build has none of it
    expect({
      released: scriptsOf(path.join(releasesDir, newer)).includes(note),
      shell: shellScripts.includes(note),
      configuredBuild: scriptsOf(path.join(repoRoot, 'mfe-logs', 'dist')).includes(note),
    }).toEqual({ released: true, shell: false, configuredBuild: false });

    const page = await signedInPage();
    await openUsers(page, env.stack);
    expect(await openHistory(page, env.stack)).toEqual([versionedEntry(env.stack, newer)]);
    await page.getByRole('main').getByText(note, { exact: true }).waitFor();
    expect(await runningHistory(page).textContent()).toBe(`History ${newer}`);
    await page.context().close();
  },
  RELEASE_TIMEOUT_MS,
);

const hostVersionFile = 'shared/src/host/version.ts';
const hostVersionPattern = /HOST_CONTRACT_VERSION = '(\d+)\.(\d+)\.(\d+)'/;

/** The host contract version the shell was built with (the shared/host of the checkout). */
function builtHostContract(): { version: string; nextMajor: string } {
  const found = hostVersionPattern.exec(
    fs.readFileSync(path.join(repoRoot, hostVersionFile), 'utf8'),
  );
  if (!found) throw new Error(`${hostVersionFile} names no HOST_CONTRACT_VERSION`);
  const [, major, minor, patch] = found;
  return { version: `${major}.${minor}.${patch}`, nextMajor: `${Number(major) + 1}.0.0` };
}

it(
  'refuses at release a version whose host contract range the live shell does not meet: the command names the conflict and no page loads it',
  async () => {
    const host = builtHostContract();
    const newerHost: TemporaryEdit = {
      file: hostVersionFile,
      edit: (text) =>
        (text ?? '').replace(hostVersionPattern, `HOST_CONTRACT_VERSION = '${host.nextMajor}'`),
    };
    const release = await withTemporaryEdits([newerHost], keptBuilds, async () =>
      releaseMfeLogs(env.stack, refused),
    );
    expect(release.status).not.toBe(0);
    expect(release.stdout + release.stderr).toContain(
      `✗ The registry refused mfe-logs ${refused} (409): mfe_logs ${refused} cannot run on the ` +
        `live dashboard: host contract ^${host.nextMajor} is needed but the dashboard gives ${host.version}`,
    );
    expect(fs.existsSync(path.join(releasesDir, refused))).toBe(false);

    const page = await signedInPage();
    const registry = await page.context().request.get(`${env.stack.baseUrl}/api/admin/releases`);
    const logs = ((await registry.json()) as ReleaseArea[]).find(
      (area) => area.area === 'mfe_logs',
    );
    // the test above left the newer-shared version live
    expect({ live: logs?.live, versions: logs?.versions.map(({ version }) => version) }).toEqual({
      live: newer,
      versions: [newer],
    });
    await openUsers(page, env.stack);
    expect(await openHistory(page, env.stack)).toEqual([versionedEntry(env.stack, newer)]);
    expect(await runningHistory(page).textContent()).toBe(`History ${newer}`);
    await page.context().close();
  },
  RELEASE_TIMEOUT_MS,
);
