import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './ports.cjs';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const remoteDirs = [
  'mfe-connections',
  'mfe-webhooks',
  'mfe-blocklists',
  'mfe-logs',
] as const;
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
  /** The bearer token the api takes from the release command (scripts/release-remote.mjs). */
  deployToken: string;
  /** The port a remote's server listens on (its builds and, under /v/<version>/, its releases). */
  remotePort(remote: RemoteDir): number;
  /** Stops one remote's server, as if its deployment went down. */
  stopRemote(remote: RemoteDir): Promise<void>;
  startRemote(remote: RemoteDir): Promise<void>;
  stop(): Promise<void>;
}

function requireBuild(file: string): void {
  if (!fs.existsSync(file))
    throw new Error(
      `${path.relative(repoRoot, file)} is missing: build first (npm test builds everything).`,
    );
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Waits for a started process to answer; fails at once, saying so (with its output), if it exits first. */
async function waitForProcess(
  child: ChildProcess,
  check: () => Promise<boolean>,
  what: string,
  output: () => string,
): Promise<void> {
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? `it exited (${child.exitCode ?? child.signalCode})`
      : undefined;
  try {
    await waitFor(check, what, 30_000, exited);
  } catch (error) {
    throw new Error(
      output() === '' ? (error as Error).message : `${(error as Error).message}\n${output()}`,
    );
  }
}

const OUTPUT_KEPT_CHARS = 20_000;
const PORT_ATTEMPTS = 3;

/** How to start a Node server on a given port: its script and arguments, and its environment (this one's if none). */
interface ServerStart {
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * Starts a Node server on a free port (or on `port`, to bring one back where it was) and waits until it
 * answers. Between freePort() releasing its probe and the server's listen, another process can take the
 * port (an outgoing connection's source port, another test file's server): the server then exits with
 * EADDRINUSE, and is started again on another free port. Its output is kept for the failure's message.
 */
export async function serveOnFreePort(
  startAt: (port: number) => ServerStart,
  answers: (port: number) => Promise<boolean>,
  what: string,
  port?: number,
): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const tryPort = port ?? (await freePort());
    const { args, env, cwd } = startAt(tryPort);
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const closed = new Promise((resolve) => child.once('close', resolve));
    let output = '';
    const keep = (chunk: Buffer) =>
      (output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    try {
      await waitForProcess(
        child,
        () => answers(tryPort),
        what,
        () => output,
      );
      return { child, port: tryPort };
    } catch (error) {
      await stopProcess(child);
      await closed; // its last output read
      const portTaken =
        port === undefined && attempt < PORT_ATTEMPTS && output.includes('EADDRINUSE');
      if (!portTaken) throw error;
    }
  }
}

/** The sandbox on a free port, as its own process (the api reaches it over HTTP only). */
function startSandbox(): Promise<{ child: ChildProcess; port: number }> {
  return serveOnFreePort(
    (port) => ({
      args: [path.join(repoRoot, 'sandbox', 'dist', 'main.js')],
      env: {
        ...process.env,
        SANDBOX_PORT: String(port),
        SANDBOX_PUBLIC_URL: `http://localhost:${port}`,
        LOG_LEVEL: 'warn',
      },
    }),
    async (port) => (await fetch(`http://localhost:${port}/`)).ok,
    'the sandbox to start',
  );
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
  // a remote brought back after stopRemote() serves on its first port: the api has its manifest's address
  const remotePorts = new Map<RemoteDir, number>();
  const remotes = new Map<RemoteDir, ChildProcess>();

  const startRemote = async (remote: RemoteDir) => {
    const dist = path.join(repoRoot, remote, 'dist');
    const { child, port } = await serveOnFreePort(
      (at) => ({ args: [path.join(repoRoot, 'scripts', 'serve-remote.mjs'), dist, String(at)] }),
      async (at) => (await fetch(`http://localhost:${at}/mf-manifest.json`)).ok,
      `${remote} to serve`,
      remotePorts.get(remote),
    );
    remotes.set(remote, child);
    remotePorts.set(remote, port);
  };
  const stopRemote = async (remote: RemoteDir) => {
    const child = remotes.get(remote);
    if (child) await stopProcess(child);
    remotes.delete(remote);
  };

  let sandbox: ChildProcess | undefined;
  let api: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-e2e-'));
  const deployToken = `e2e-${path.basename(dataDir)}`;
  const stop = async () => {
    await Promise.all([
      api && stopProcess(api),
      sandbox && stopProcess(sandbox),
      ...remoteDirs.map(stopRemote),
    ]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // each settled before any failure is thrown: a remote still starting would be missed by stop()
    const remotesStarted = await Promise.allSettled(remoteDirs.map(startRemote));
    const remoteFailed = remotesStarted.find((outcome) => outcome.status === 'rejected');
    if (remoteFailed) throw remoteFailed.reason;
    const startedSandbox = await startSandbox();
    sandbox = startedSandbox.child;
    const sandboxUrl = `http://localhost:${startedSandbox.port}`;
    const databasePath = path.join(dataDir, 'e2e.sqlite');
    const startedApi = await serveOnFreePort(
      (port) => ({
        args: [path.join(repoRoot, 'api', 'dist', 'main.js')],
        cwd: repoRoot,
        env: {
          ...process.env,
          API_PORT: String(port),
          PUBLIC_URL: `http://localhost:${port}`,
          DATA_DIR: dataDir,
          DATABASE_PATH: databasePath,
          LOG_LEVEL: 'warn',
          SANDBOX_URL: sandboxUrl,
          DEMO_ACCOUNTS: 'true',
          DEPLOY_TOKEN: deployToken,
          // no load shedding: on a busy test machine late timers would read as a lagging api
          MAX_EVENT_LOOP_DELAY_MS: '0',
          ...Object.fromEntries(
            remoteDirs.map((remote) => [
              manifestEnv[remote],
              `http://localhost:${remotePorts.get(remote)}/mf-manifest.json`,
            ]),
          ),
        },
      }),
      async (port) => (await fetch(`http://localhost:${port}/health`)).ok,
      'the api to start',
    );
    api = startedApi.child;
    return {
      baseUrl: `http://localhost:${startedApi.port}`,
      sandboxUrl,
      databasePath,
      deployToken,
      remotePort: (remote) => remotePorts.get(remote)!,
      stopRemote,
      startRemote,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
