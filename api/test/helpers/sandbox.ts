import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../../../sandbox/src/server.js';
import { freePort } from './free-port.js';

export interface RunningSandbox {
  /** Its origin, e.g. http://127.0.0.1:41234: pass it to createTestApp as SANDBOX_URL. */
  url: string;
  /** The sandbox app itself (its control API is under /_sandbox, e.g. POST /_sandbox/faults). */
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The sandbox (stand-ins for HubSpot, Salesforce and the four platforms) in this process, listening on
 * a free port of 127.0.0.1 with its documented defaults (or the SANDBOX_* variables in `env`). Its public URL must be known before it starts
 * (Salesforce answers instance URLs with it), so a free port is chosen first; a lost race is retried.
 */
export async function startSandbox(env: Record<string, string> = {}): Promise<RunningSandbox> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = buildSandbox({
      env,
      config: { host: '127.0.0.1', port, publicUrl: url, logLevel: 'silent' },
    });
    try {
      await app.listen({ host: '127.0.0.1', port });
      return { url, app, close: () => app.close() };
    } catch (error) {
      await app.close().catch(() => undefined);
      if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}
