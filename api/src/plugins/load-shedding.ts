import underPressure from '@fastify/under-pressure';
import type { ErrorBody } from 'shared/contract';
import { globalPlugin } from './global-plugin.js';

/** How long a shed client is told to wait, in seconds. */
const RETRY_AFTER_SECONDS = 5;
/** under-pressure samples the lag once a second: the samples of the start-up's own work are let go. */
const START_UP_GRACE_MS = 2_000;

/**
 * Load shedding: while the event loop lags more than `maxEventLoopDelayMs`, every request (the
 * receiver's posts and /health included) is answered 503 with Retry-After at once, instead of
 * queueing behind the work that slows the api down. The platforms post again later and a load
 * balancer sends the next ones elsewhere; nothing is accepted that could not be stored. The lag of
 * the api's own start (migrations, loading) does not count. 0 turns it off.
 */
export const loadSheddingPlugin = globalPlugin<{ maxEventLoopDelayMs: number }>(
  async (app, { maxEventLoopDelayMs }) => {
    if (maxEventLoopDelayMs <= 0) return;
    let shedsFrom = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      shedsFrom = Date.now() + START_UP_GRACE_MS;
    });
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      retryAfter: RETRY_AFTER_SECONDS,
      pressureHandler: (_request, reply) => {
        if (Date.now() < shedsFrom) return;
        void reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ message: 'The server is busy: try again in a few seconds' } satisfies ErrorBody);
      },
    });
  },
);
