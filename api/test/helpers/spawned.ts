import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { payloadAt, fixtureById } from 'shared/events';
import { repoRoot } from '../../src/config.js';
import type { Database } from '../../src/db/schema.js';

const apiDist = path.join(repoRoot, 'api', 'dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : fs.statSync(file).mtimeMs);
  }
  return newest;
}

/**
 * The built api's entry `file` (main.js, worker.js): tests that run the api as real processes (a
 * SIGKILL, two processes on one database) spawn the build, which `npm test` makes first. A missing or
 * stale build fails with the command that makes it.
 */
export function builtApi(file: string): string {
  const built = path.join(apiDist, file);
  const rebuild =
    'build it with `pnpm --filter shared build && pnpm --filter api build` (npm test builds first)';
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: ${rebuild}`);
  if (fs.statSync(built).mtimeMs < newestMtime(path.join(repoRoot, 'api', 'src')) - 1000)
    throw new Error(`${built} is older than api/src: ${rebuild}`);
  return built;
}

export interface NodeProcess {
  child: ChildProcess;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnNode(file: string, env: Record<string, string>): NodeProcess {
  return spawnCommand(process.execPath, [file], env);
}

/**
 * A command run from the repository root with only PATH and `env` (e.g. `npm run worker`). Its load
 * shedding is off unless `env` sets it: a test machine busy with other tests is not the api's pressure.
 */
export function spawnCommand(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
): NodeProcess {
  let output = '';
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', MAX_EVENT_LOOP_DELAY_MS: '0', ...env },
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Ends a spawned process if it still runs (SIGKILL after `graceMs`). */
export async function stopNode(
  proc: NodeProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 15_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill(signal);
    const forced = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
    const result = await proc.exited;
    clearTimeout(forced);
    return result;
  }
  return proc.exited;
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs: number,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

const reply = fixtureById('smartlead.email-reply')!;

/** A Smartlead reply event of its own (its stats_id makes its dedupe key), from one of `leads` leads. */
export function distinctSmartleadEvent(tag: string, index: number, leads = 25): string {
  const email = `lead-${index % leads}@northwind.example`;
  return JSON.stringify({
    ...payloadAt(reply, new Date()),
    stats_id: `${tag}-${index}`,
    sl_lead_email: email,
    to_email: email,
  });
}

/** Jobs of every queue not finished yet (created, set aside, waiting for a retry, or in a worker's hands). */
export async function unfinishedJobs(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', 'in', ['created', 'waiting', 'retry', 'active'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What the queue does once a dead worker's lease runs out (the visibility timeout, 5 minutes for
 * processing): its jobs become claimable again. Tests move the leases back instead of waiting.
 */
export async function expireLeases(db: Kysely<Database>): Promise<void> {
  await db.updateTable('jobs').set({ locked_until_ms: 0 }).where('state', '=', 'active').execute();
}
