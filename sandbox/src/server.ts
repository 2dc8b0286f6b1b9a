import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { loadSandboxConfig, type Env, type SandboxConfig } from './config.js';
import { systemClock, type Clock } from './core/clock.js';
import { registerControlRoutes } from './core/control-routes.js';
import { registerEmbedDemo } from './core/embed-demo.js';
import { addFormBodyParser } from './core/form-body.js';
import { registerInspectRoutes } from './core/inspect-routes.js';
import { registerProvider, relativePath } from './core/provider-scope.js';
import { addRequestLogging } from './core/request-logging.js';
import { SandboxRuntime } from './core/runtime.js';
import { providers } from './providers/index.js';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export interface SandboxOptions {
  /** Read when `config` leaves a value out; defaults to process.env. */
  env?: Env;
  /** Overrides on top of the environment (tests: short token lifetimes, a fixed public URL). */
  config?: DeepPartial<SandboxConfig>;
  /** The clock every expiry and rate-limit window reads; tests move it. */
  now?: Clock;
  logger?: FastifyServerOptions['logger'];
}

function mergeConfig(
  base: SandboxConfig,
  overrides: DeepPartial<SandboxConfig> = {},
): SandboxConfig {
  return {
    ...base,
    ...overrides,
    hubspot: { ...base.hubspot, ...overrides.hubspot },
    salesforce: { ...base.salesforce, ...overrides.salesforce },
  } as SandboxConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxRuntime;
  }
}

/**
 * Builds the sandbox server (not listening): every provider under its prefix, the control API and the
 * inspection API and page. State is seeded from fixtures/ now and on every reset.
 */
export function buildSandbox(options: SandboxOptions = {}): FastifyInstance {
  const config = mergeConfig(loadSandboxConfig(options.env ?? process.env), options.config);
  const runtime = new SandboxRuntime(config, options.now ?? systemClock, providers);
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: true,
  });
  app.decorate('sandbox', runtime);
  addFormBodyParser(app);
  addRequestLogging(app, runtime);
  app.addHook('preClose', async () => runtime.releaseHangs());

  app.setNotFoundHandler(async (request, reply) => {
    const provider = runtime.providerFor(request.url);
    const answer = provider?.errors.notFound?.(
      request.method,
      relativePath(request.url, provider.prefix),
    );
    if (answer) return reply.code(answer.status).send(answer.body);
    return reply
      .code(404)
      .send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
  app.setErrorHandler(
    async (
      error: { statusCode?: number; message: string; validation?: unknown },
      request,
      reply,
    ) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error(error);
      return reply.code(status).send({
        statusCode: status,
        error: status >= 500 ? 'Internal Server Error' : 'Bad Request',
        message: status >= 500 ? 'Internal error in the sandbox' : error.message,
      });
    },
  );

  for (const definition of providers) registerProvider(app, runtime, definition);
  registerControlRoutes(app, runtime);
  registerInspectRoutes(app, runtime);
  if (config.embedDemo) registerEmbedDemo(app, config.embedDemo);
  return app;
}
