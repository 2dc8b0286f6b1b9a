import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type Env } from '../../src/config.js';
import { freePort } from './free-port.js';
import { makeTempDir } from './test-app.js';

export interface ListeningApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port>, also its PUBLIC_URL. */
  origin: string;
  close(): Promise<void>;
}

/** The api listening on a free port (real HTTP, for the sign-in flows), with the demo accounts, on SQLite in a temporary folder. */
export async function startListeningApp(
  env: Env = {},
  options: BuildOptions = {},
): Promise<ListeningApp> {
  const dir = await makeTempDir();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = buildApp(
    loadConfig({
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dir,
      DATABASE_PATH: path.join(dir, 'flow.sqlite'),
      SHELL_DIST_DIR: path.join(dir, 'no-shell'),
      LOG_LEVEL: 'silent',
      DEMO_ACCOUNTS: 'true',
      ...env,
    }),
    options,
  );
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    origin,
    async close() {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
