import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot, type Stack } from './stack';

/** What `pnpm --filter mfe-logs run release` did: its exit status and its output. */
export interface ReleaseRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the release command of mfe-logs against the stack's api, as version `version`. */
export function releaseMfeLogs(stack: Stack, version: string): ReleaseRun {
  const pnpm = path.join(repoRoot, '.tools', 'node_modules', 'pnpm', 'pnpm');
  const { status, stdout, stderr } = spawnSync(pnpm, ['--filter', 'mfe-logs', 'run', 'release'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      API_URL: stack.baseUrl,
      DEPLOY_TOKEN: stack.deployToken,
      LOGS_PORT: String(stack.remotePort('mfe-logs')),
      RELEASE_VERSION: version,
    },
  });
  return { status, stdout, stderr };
}

/** Releases mfe-logs as `version` and expects it published and live (the output shown otherwise). */
export function expectReleased(stack: Stack, version: string): void {
  const result = releaseMfeLogs(stack, version);
  expect({
    status: result.status,
    output: result.status === 0 ? '' : result.stdout + result.stderr,
  }).toEqual({ status: 0, output: '' });
  expect(result.stdout).toContain(`✓ mfe-logs ${version} published at`);
}

/** Where a released version of mfe-logs is served from. */
export const versionedEntry = (stack: Stack, version: string): string =>
  `http://localhost:${stack.remotePort('mfe-logs')}/v/${version}/remoteEntry.js`;

/** Opens History > Webhooks from the side navigation (no reload) and answers where mfe-logs came from. */
export async function openHistory(page: Page, stack: Stack): Promise<string[]> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Webhooks', exact: true })
    .click();
  await page
    .getByRole('main')
    .getByRole('heading', { name: 'Webhook logs', exact: true })
    .waitFor();
  const entries = await page.evaluate(
    (origin) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(origin) && name.endsWith('/remoteEntry.js')),
    `http://localhost:${stack.remotePort('mfe-logs')}/`,
  );
  // the idle prefetch may have fetched the same entry before the click
  return [...new Set(entries)];
}

/** A fresh page of the dashboard (Users, a shell screen), from which an area is opened. */
export async function openUsers(page: Page, stack: Stack): Promise<void> {
  await page.goto(`${stack.baseUrl}/admin/dashboard/users`);
  await page.getByRole('main').getByRole('heading', { name: 'Users', exact: true }).waitFor();
}
