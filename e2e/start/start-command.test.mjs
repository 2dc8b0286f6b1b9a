// The README's first command as a newcomer runs it: `npm start` in a checkout that may have nothing
// installed yet (.ci/run gives it a virgin clone, before `npm test` runs anywhere), on free ports,
// until the dashboard answers; then a person signs in through the embedded login page in Chromium
// and sees the header, and Ctrl-C stops everything. Plain JavaScript with Node's own modules only:
// playwright-core is loaded from the checkout once `npm start` has installed it.
// Run: node --test e2e/start/start-command.test.mjs   (in the checkout to prove)
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { chromiumLaunchOptions, signIn } from '../src/person.cjs';
import { freePort, waitFor } from '../src/ports.cjs';

const checkout = path.resolve(import.meta.dirname, '..', '..');
const portSettings = [
  'API_PORT',
  'CONNECTIONS_PORT',
  'WEBHOOKS_PORT',
  'BLOCKLISTS_PORT',
  'LOGS_PORT',
  'SANDBOX_PORT',
];
/** A cold start installs pnpm and the workspace and builds eight packages: minutes on 2 cores. */
const startLimitMs = 15 * 60_000;
/** How many times npm start is tried, each time on fresh free ports (see startOnFreePorts). */
const portAttempts = 3;

async function answers(url) {
  return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
}

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** Ends `npm start` and everything it started (it runs in a process group of its own). */
async function stopGroup(child) {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGINT');
  const forced = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}

/**
 * `npm start` on free ports, until the dashboard answers. Should a port be taken between its probe
 * and a server's listen (EADDRINUSE: npm start then stops everything and exits), it starts again on
 * other ports.
 */
async function startOnFreePorts(dataDir) {
  for (let attempt = 1; ; attempt++) {
    const ports = {};
    for (const name of portSettings) ports[name] = String(await freePort());
    let output = '';
    const startedAt = Date.now();
    const npmStart = spawn('npm', ['start'], {
      cwd: checkout,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...ports, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    npmStart.stdout.on('data', (chunk) => (output += chunk));
    npmStart.stderr.on('data', (chunk) => (output += chunk));
    try {
      await waitFor(
        async () =>
          (await answers(`http://localhost:${ports.API_PORT}/health`)) &&
          (await answers(`http://localhost:${ports.CONNECTIONS_PORT}/mf-manifest.json`)),
        'npm start to serve the dashboard',
        startLimitMs,
        () =>
          hasExited(npmStart)
            ? `npm start exited (${npmStart.exitCode ?? npmStart.signalCode})`
            : undefined,
      );
      return { npmStart, ports, seconds: (Date.now() - startedAt) / 1000 };
    } catch (error) {
      await stopGroup(npmStart);
      if (attempt < portAttempts && output.includes('EADDRINUSE')) continue;
      throw new Error(`${error.message}\n--- npm start said:\n${output.slice(-6000)}`);
    }
  }
}

test(
  'npm start serves the dashboard, admin@example.com signs in and sees the header, and Ctrl-C stops everything',
  { timeout: portAttempts * startLimitMs + 120_000 },
  async (t) => {
    const launchOptions = chromiumLaunchOptions(); // without Chromium, fail now, not after the start
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-start-'));
    let started;
    let browser;
    try {
      started = await startOnFreePorts(dataDir);
      t.diagnostic(`npm start answered after ${started.seconds.toFixed(0)} s`);
      // installed by the npm start above, in the checkout being proven
      const { chromium } = createRequire(path.join(checkout, 'e2e', 'package.json'))(
        'playwright-core',
      );
      browser = await chromium.launch(launchOptions);
      const page = await browser.newPage();
      await signIn(page, `http://localhost:${started.ports.API_PORT}`, 'admin@example.com');
      const main = page.getByRole('navigation', { name: 'Main' });
      await main.getByRole('link', { name: 'Webhook receiver' }).waitFor();
    } finally {
      await browser?.close();
      if (started !== undefined) await stopGroup(started.npmStart);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const { API_PORT, SANDBOX_PORT } = started.ports;
    assert.equal(await answers(`http://localhost:${API_PORT}/health`).catch(() => false), false);
    assert.equal(await answers(`http://localhost:${SANDBOX_PORT}/`).catch(() => false), false);
  },
);
