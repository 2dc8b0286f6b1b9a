// `npm start`: installs what is missing, builds everything, and runs the default stack:
// the api (serving the shell) on :8080, each remote on its own origin (:8081–:8084), and the
// sandbox standing in for HubSpot, Salesforce and the four platforms on :8090.
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  buildWorkspace,
  checkNode,
  ensurePnpm,
  installWorkspace,
  repoRoot,
  step,
} from './toolchain.mjs';
import { serveRemote } from './serve-remote.mjs';

checkNode();
console.log(`CRM Sync: installs what is missing, builds what changed, then starts the api (with the shell), the
four remotes and the sandbox. The first run on a fresh machine downloads pnpm and about 730 packages,
compiles SQLite and builds eight packages: about 3 minutes on 2 cores. Later runs skip the install
and the builds when nothing changed and start in a few seconds.`);
const pnpm = ensurePnpm();
installWorkspace(pnpm);
buildWorkspace(pnpm);

const ports = {
  api: Number(process.env.API_PORT ?? 8080),
  'mfe-connections': Number(process.env.CONNECTIONS_PORT ?? 8081),
  'mfe-webhooks': Number(process.env.WEBHOOKS_PORT ?? 8082),
  'mfe-blocklists': Number(process.env.BLOCKLISTS_PORT ?? 8083),
  'mfe-logs': Number(process.env.LOGS_PORT ?? 8084),
  sandbox: Number(process.env.SANDBOX_PORT ?? 8090),
};

step('Starting');
const servers = [];
for (const remote of ['mfe-connections', 'mfe-webhooks', 'mfe-blocklists', 'mfe-logs']) {
  servers.push(
    await serveRemote(
      path.join(repoRoot, remote, 'dist'),
      ports[remote],
      process.env.REMOTE_HOST ?? '127.0.0.1',
    ),
  );
  console.log(`  ${remote.padEnd(16)} http://localhost:${ports[remote]}/mf-manifest.json`);
}

const startService = (name, env) =>
  spawn(process.execPath, [path.join(repoRoot, name, 'dist', 'main.js')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
const sandbox = startService('sandbox', { SANDBOX_PORT: String(ports.sandbox) });
console.log(
  `  ${'sandbox'.padEnd(16)} http://localhost:${ports.sandbox}/ (what HubSpot, Salesforce and the platforms received)`,
);
// The demo accounts (a public password) only in the demo run: the sandbox and the embedded sign-in.
const demoRun =
  !process.env.OIDC_ISSUER_URL && process.env.SANDBOX_URL?.trim().toLowerCase() !== 'off';
const demoAccounts = process.env.DEMO_ACCOUNTS ?? String(demoRun);
const api = startService('api', {
  API_PORT: String(ports.api),
  SANDBOX_PORT: String(ports.sandbox),
  DEMO_ACCOUNTS: demoAccounts,
});

const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${ports.api}`;
console.log(`
  CRM Sync is starting at ${publicUrl}
  ${demoAccounts === 'true' ? 'Sign in with admin@example.com, manager@example.com or user@example.com, password crm-sync-demo.' : 'No demo accounts: npm run create-admin -- --email you@example.com makes the first admin.'}
  Ctrl-C stops everything.
`);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const server of servers) server.close();
  api.kill('SIGTERM');
  sandbox.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const [name, child] of [
  ['api', api],
  ['sandbox', sandbox],
]) {
  child.on('exit', (code) => {
    if (!stopping) console.error(`The ${name} stopped (exit ${code}).`);
    stop(code ?? 1);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
