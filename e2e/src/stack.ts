import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './ports';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const remoteDirs = ['mfe-connections', 'mfe-webhooks', 'mfe-blocklists', 'mfe-logs'] as const;
export type RemoteDir = (typeof remoteDirs)[number];

const manifestEnv: Record<RemoteDir, string> = {
  'mfe-connections': 'MFE_CONNECTIONS_URL',
  'mfe-webhooks': 'MFE_WEBHOOKS_URL',
  'mfe-blocklists': 'MFE_BLOCKLISTS_URL',
  'mfe-logs': 'MFE_LOGS_URL',
};

export interface Stack {
  baseUrl: string;
  /** The sandbox standing in for HubSpot, Salesforce and the platforms: inspect what they received. */
  sandboxUrl: string;
  /** The api's SQLite file: for the few states no screen or call can reach (a seeded user's flags in an organization without an admin). */
  databasePath: string;
  /** Stops one remote's server, as if its deployment went down. */
  stopRemote(remote: RemoteDir): Promise<void>;
  startRemote(remote: RemoteDir): Promise<void>;
  stop(): Promise<void>;
}

function requireBuild(file: string): void {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: build first (npm test builds everything).`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Waits for a started process to answer; fails at once, saying so (with its output), if it exits first. */
async function waitForProcess(child: ChildProcess, check: () => Promise<boolean>, what: string, output = () => ''): Promise<void> {
  const exited = () => (child.exitCode !== null || child.signalCode !== null ? `it exited (${child.exitCode ?? child.signalCode})` : undefined);
  try {
    await waitFor(check, what, 30_000, exited);
  } catch (error) {
    throw new Error(output() === '' ? (error as Error).message : `${(error as Error).message}\n${output()}`);
  }
}

/** The sandbox on a free port, as its own process (the api reaches it over HTTP only), spawned: not yet answering. */
async function spawnSandbox(): Promise<{ url: string; process: ChildProcess }> {
  const main = path.join(repoRoot, 'sandbox', 'dist', 'main.js');
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [main], { stdio: 'ignore', env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_PUBLIC_URL: url, LOG_LEVEL: 'warn' } });
  return { url, process: child };
}

/**
 * Starts the api (serving the shell), the sandbox and the four remote servers on free ports, with a
 * fresh data folder. Should any of them fail to start, those that had started are stopped (and the
 * folder removed) before the failure is thrown: nothing is left running to keep jest from exiting.
 */
export async function startStack(): Promise<Stack> {
  for (const file of [
    path.join('api', 'dist', 'main.js'),
    path.join('shell', 'dist', 'index.html'),
    path.join('sandbox', 'dist', 'main.js'),
    ...remoteDirs.map((remote) => path.join(remote, 'dist', 'mf-manifest.json')),
  ]) {
    requireBuild(path.join(repoRoot, file));
  }
  const apiPort = await freePort();
  const baseUrl = `http://localhost:${apiPort}`;
  const remotePorts = {} as Record<RemoteDir, number>;
  for (const remote of remoteDirs) remotePorts[remote] = await freePort();
  const remotes = new Map<RemoteDir, ChildProcess>();

  const startRemote = async (remote: RemoteDir) => {
    const dist = path.join(repoRoot, remote, 'dist');
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'serve-remote.mjs'), dist, String(remotePorts[remote])], { stdio: 'ignore' });
    remotes.set(remote, child);
    await waitForProcess(child, async () => (await fetch(`http://localhost:${remotePorts[remote]}/mf-manifest.json`)).ok, `${remote} to serve`);
  };
  const stopRemote = async (remote: RemoteDir) => {
    const child = remotes.get(remote);
    if (child) await stopProcess(child);
    remotes.delete(remote);
  };

  let sandbox: { url: string; process: ChildProcess } | undefined;
  let api: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-e2e-'));
  const stop = async () => {
    await Promise.all([api && stopProcess(api), sandbox && stopProcess(sandbox.process), ...remoteDirs.map(stopRemote)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // each settled before any failure is thrown: a remote still starting would be missed by stop()
    const remotesStarted = await Promise.allSettled(remoteDirs.map(startRemote));
    const remoteFailed = remotesStarted.find((outcome) => outcome.status === 'rejected');
    if (remoteFailed) throw remoteFailed.reason;
    sandbox = await spawnSandbox();
    const sandboxUrl = sandbox.url;
    await waitForProcess(sandbox.process, async () => (await fetch(`${sandboxUrl}/`)).ok, 'the sandbox to start');
    const databasePath = path.join(dataDir, 'e2e.sqlite');
    let apiOutput = '';
    api = spawn(process.execPath, [path.join(repoRoot, 'api', 'dist', 'main.js')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        API_PORT: String(apiPort),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_PATH: databasePath,
        LOG_LEVEL: 'warn',
        SANDBOX_URL: sandboxUrl,
        DEMO_ACCOUNTS: 'true',
        ...Object.fromEntries(remoteDirs.map((remote) => [manifestEnv[remote], `http://localhost:${remotePorts[remote]}/mf-manifest.json`])),
      },
    });
    api.stdout?.on('data', (chunk) => (apiOutput += chunk));
    api.stderr?.on('data', (chunk) => (apiOutput += chunk));
    await waitForProcess(
      api,
      async () => (await fetch(`${baseUrl}/health`)).ok,
      'the api to start',
      () => apiOutput,
    );
    return { baseUrl, sandboxUrl, databasePath, stopRemote, startRemote, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
