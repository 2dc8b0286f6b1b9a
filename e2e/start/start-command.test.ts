// The README's first command as a newcomer runs it: `npm start` in this checkout, on free ports, until
// the dashboard answers; then a person signs in through the embedded login page. Run by .ci/run after
// `npm test` (which has installed and built, so this start is the warm one), with its own config.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, signIn } from '../src/browser';
import { freePort, waitFor } from '../src/ports';
import { repoRoot } from '../src/stack';

const portSettings = [
  'API_PORT',
  'CONNECTIONS_PORT',
  'WEBHOOKS_PORT',
  'BLOCKLISTS_PORT',
  'LOGS_PORT',
  'SANDBOX_PORT',
] as const;
const startLimitMs = 10 * 60_000;

async function answers(url: string): Promise<boolean> {
  return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
}

/** Ends `npm start` and everything it started (it runs in a process group of its own). */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid!, 'SIGINT');
  const forced = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}

/** How many times npm start is tried, each time on fresh free ports (see startOnFreePorts). */
const PORT_ATTEMPTS = 3;

interface Started {
  npmStart: ChildProcess;
  ports: Record<(typeof portSettings)[number], string>;
}

/**
 * `npm start` on free ports, until the dashboard answers. Should a port be taken between its probe and a
 * server's listen (EADDRINUSE: npm start then stops everything and exits), it starts again on other ports.
 */
async function startOnFreePorts(dataDir: string): Promise<Started> {
  for (let attempt = 1; ; attempt++) {
    const ports = Object.fromEntries(
      await Promise.all(portSettings.map(async (name) => [name, String(await freePort())])),
    ) as Started['ports'];
    let output = '';
    const npmStart = spawn('npm', ['start'], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...ports, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    npmStart.stdout!.on('data', (chunk) => (output += chunk));
    npmStart.stderr!.on('data', (chunk) => (output += chunk));
    try {
      await waitFor(
        async () =>
          (await answers(`http://localhost:${ports.API_PORT}/health`)) &&
          (await answers(`http://localhost:${ports.CONNECTIONS_PORT}/mf-manifest.json`)),
        'npm start to serve the dashboard',
        startLimitMs,
        () =>
          npmStart.exitCode !== null || npmStart.signalCode !== null
            ? `npm start exited (${npmStart.exitCode ?? npmStart.signalCode})`
            : undefined,
      );
      return { npmStart, ports };
    } catch (error) {
      await stopGroup(npmStart);
      if (attempt < PORT_ATTEMPTS && output.includes('EADDRINUSE')) continue;
      throw new Error(`${(error as Error).message}\n--- npm start said:\n${output.slice(-4000)}`);
    }
  }
}

it(
  'npm start serves the dashboard, admin@example.com signs in and sees the email in the header, and Ctrl-C stops everything',
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-start-'));
    const browser = await launchChromium();
    let started: Started | undefined;
    try {
      started = await startOnFreePorts(dataDir);
      const page = await browser.newPage();
      await signIn(page, `http://localhost:${started.ports.API_PORT}`, 'admin@example.com');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Webhook receiver' })
        .waitFor();
    } finally {
      await browser.close();
      if (started !== undefined) await stopGroup(started.npmStart);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(
      await answers(`http://localhost:${started.ports.API_PORT}/health`).catch(() => false),
    ).toBe(false);
    expect(
      await answers(`http://localhost:${started.ports.SANDBOX_PORT}/`).catch(() => false),
    ).toBe(false);
  },
  PORT_ATTEMPTS * startLimitMs + 120_000,
);
