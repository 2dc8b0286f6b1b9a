// What the benches share: free ports, starting a built server as its own process, waiting for it.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const repoRoot = path.dirname(apiDir);

export async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUp(url, child, output) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer:\n${output()}`);
}

/** Starts `node <args>` from the repository root with only PATH and `env`, and waits for `healthUrl` to answer 2xx. */
export async function startNode(args, env, healthUrl) {
  let output = '';
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH, ...env } });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await waitUp(healthUrl, child, () => output.slice(-3000));
  return {
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    },
  };
}

/** Prints rows as a Markdown table, the first row its header. */
export function printTable(table) {
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => String(row[column]).length)));
  for (const [index, row] of table.entries()) {
    console.log(`| ${row.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`);
    if (index === 0) console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  }
}
