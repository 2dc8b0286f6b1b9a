// The default stack `npm start` runs once the checkout is installed and built: the api (serving the
// shell) on :8080, each remote on its own origin (:8081–:8084), and the sandbox standing in for
// HubSpot, Salesforce and the four platforms on :8090. Ctrl-C or SIGTERM stops everything.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { ensureDeployToken } from './release/deploy-token.mjs';
import { serveRemote } from './serve-remote.mjs';
import { repoRoot, step } from './toolchain.mjs';

const remotes = ['mfe-connections', 'mfe-webhooks', 'mfe-blocklists', 'mfe-logs'];

function portsFromEnv() {
  return {
    api: Number(process.env.API_PORT ?? 8080),
    'mfe-connections': Number(process.env.CONNECTIONS_PORT ?? 8081),
    'mfe-webhooks': Number(process.env.WEBHOOKS_PORT ?? 8082),
    'mfe-blocklists': Number(process.env.BLOCKLISTS_PORT ?? 8083),
    'mfe-logs': Number(process.env.LOGS_PORT ?? 8084),
    sandbox: Number(process.env.SANDBOX_PORT ?? 8090),
  };
}

const startService = (name, env) =>
  spawn(process.execPath, [path.join(repoRoot, name, 'dist', 'main.js')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });

export async function runStack(ports = portsFromEnv()) {
  step('Starting');
  const servers = [];
  for (const remote of remotes) {
    const dist = path.join(repoRoot, remote, 'dist');
    servers.push(await serveRemote(dist, ports[remote], process.env.REMOTE_HOST ?? '127.0.0.1'));
    console.log(`  ${remote.padEnd(16)} http://localhost:${ports[remote]}/mf-manifest.json`);
  }

  // The demo accounts (a public password) only in the demo run: the sandbox and the embedded sign-in.
  const demoRun =
    !process.env.OIDC_ISSUER_URL && process.env.SANDBOX_URL?.trim().toLowerCase() !== 'off';
  const demoAccounts = process.env.DEMO_ACCOUNTS ?? String(demoRun);
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${ports.api}`;
  // The sandbox's embedding demo page holds an embed key of the demo admin's, made anew each start.
  const embedDemo =
    demoAccounts === 'true'
      ? {
          CRM_SYNC_URL: publicUrl,
          DEMO_EMBED_KEY: `ek_${crypto.randomBytes(32).toString('base64url')}`,
        }
      : {};
  const sandbox = startService('sandbox', { SANDBOX_PORT: String(ports.sandbox), ...embedDemo });
  console.log(
    `  ${'sandbox'.padEnd(16)} http://localhost:${ports.sandbox}/ (what HubSpot, Salesforce and the platforms received)`,
  );
  if (embedDemo.DEMO_EMBED_KEY)
    console.log(
      `  ${'embedding demo'.padEnd(16)} http://localhost:${ports.sandbox}/embed-demo (Block lists in another site's page)`,
    );
  const api = startService('api', {
    API_PORT: String(ports.api),
    SANDBOX_PORT: String(ports.sandbox),
    DEMO_ACCOUNTS: demoAccounts,
    // what `pnpm --filter <remote> run release` publishes with (scripts/release-remote.mjs)
    DEPLOY_TOKEN: ensureDeployToken(),
    ...(embedDemo.DEMO_EMBED_KEY ? { DEMO_EMBED_KEY: embedDemo.DEMO_EMBED_KEY } : {}),
  });

  const signIn =
    demoAccounts === 'true'
      ? 'Sign in with admin@example.com, manager@example.com or user@example.com, password crm-sync-demo.'
      : 'No demo accounts: npm run create-admin -- --email you@example.com makes the first admin.';
  console.log(
    `\n  CRM Sync is starting at ${publicUrl}\n  ${signIn}\n  Ctrl-C stops everything.\n`,
  );

  // Ctrl-C or SIGTERM (npm start execs this process, so a supervisor's signal lands here): the api
  // finishes or gives back the jobs in hand (it takes up to 10 s), then everything has stopped.
  const children = [
    ['api', api],
    ['sandbox', sandbox],
  ];
  let stopping = false;
  async function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    for (const server of servers) server.close();
    const running = children.filter(([, child]) => child.exitCode === null && !child.signalCode);
    for (const [, child] of running) child.kill('SIGTERM');
    const exited = running.map(
      ([, child]) => new Promise((resolve) => child.once('exit', resolve)),
    );
    const late = setTimeout(() => running.forEach(([, child]) => child.kill('SIGKILL')), 15_000);
    await Promise.all(exited);
    clearTimeout(late);
    process.exit(code);
  }
  for (const [name, child] of children) {
    child.on('exit', (code) => {
      if (!stopping) console.error(`The ${name} stopped (exit ${code}).`);
      void stop(code ?? 1);
    });
  }
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}
