import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import type { ErrorBody } from 'shared/contract';
import { createRelyingParty, type RelyingParty } from './auth/oidc-client.js';
import { toOrigin, type AppConfig } from './config.js';
import type { ResolveHost } from './outbound/index.js';
import { withOutboundResolver } from './providers/endpoints.js';
import { cookiesPlugin } from './plugins/cookies.js';
import { loggedUrl } from './plugins/logged-url.js';
import { databasePlugin } from './plugins/database.js';
import { depsPlugin } from './plugins/deps.js';
import { embedTokenRoutes } from './routes/embed/tokens.js';
import { loadSheddingPlugin } from './plugins/load-shedding.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { notFoundPlugin } from './plugins/not-found.js';
import { originCheckPlugin } from './plugins/origin-check.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionPlugin } from './plugins/session.js';
import { shellPlugin } from './plugins/shell.js';
import { adminApiRoutes } from './routes/admin/index.js';
import { authRoutes } from './routes/auth/index.js';
import { healthRoutes } from './routes/health/index.js';
import { idpRoutes } from './routes/idp/index.js';
import { docsRoutes } from './routes/docs/index.js';
import { remotesRoutes } from './routes/remotes/index.js';
import { oauthRoutes } from './routes/oauth/index.js';
import { loadSecrets, type Secrets } from './secrets.js';
import { deploymentSignInKeys } from './sign-in-keys.js';
import { createSecretBox, type SecretBox } from './crypto/secret-box.js';
import { systemClock, type Clock } from './clock.js';
import type { Deps } from './deps.js';
import { jobQueuePlugin } from './plugins/job-queue.js';
import { crmEventProcessor } from './crm-writers/event-processor.js';
import type { EventProcessor } from './receiver/process-event.js';
import { webhookReceiverRoutes } from './routes/webhook-receiver/index.js';
import { webhookTestUrlRoutes } from './routes/webhook-receiver/test-url.js';
import type { ReadDiskSpace } from './services/disk-space.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Encrypts and decrypts the secrets the api stores. */
    secretBox: SecretBox;
    clock: Clock;
    /** The services' dependencies (db, secret box, config, log, clock, this process's state). */
    deps: Deps;
  }
}

function loggerOptions(
  config: AppConfig,
  stream: BuildOptions['logStream'],
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
  };
}

export interface BuildOptions {
  /** The OpenID Connect client; by default built from config.identity (tests may pass a stand-in). */
  relyingParty?: RelyingParty;
  /** Where log lines go (stdout by default); tests read them to prove no secret is logged. */
  logStream?: { write(line: string): void };
  /** Where the api reads the time (the system clock by default; tests pass a fake one). */
  clock?: Clock;
  /** The outbound guard's DNS look-up (tests map names to loopback addresses to see them refused). */
  resolveHost?: ResolveHost;
  /** What processing an event does (the CRM writers, crmEventProcessor; tests may pass their own). */
  eventProcessor?: EventProcessor;
  /** How /health reads the data folder's disk (statfs by default; tests make it nearly full). */
  readDiskSpace?: ReadDiskSpace;
}

/** Builds the api (not listening): plugins for cross-cutting concerns, then one plugin per route group. */
export function buildApp(appConfig: AppConfig, options: BuildOptions = {}): FastifyInstance {
  const config = options.resolveHost
    ? { ...appConfig, providers: withOutboundResolver(appConfig.providers, options.resolveHost) }
    : appConfig;
  const secrets = loadSecrets(config.dataDir);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: 1024 * 1024,
    // the dashboard's plugins (migrations, the identity provider) start in well under a second, but a
    // machine busy with other work (tests in parallel on 2 cores) can take longer than Fastify's 10 s
    pluginTimeout: 60_000,
    // Production runs behind a proxy that buffers bodies; these stop slow clients holding connections here.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    trustProxy: config.trustProxy,
    frameworkErrors: (error, _request, reply) => {
      const status =
        typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply)
        .status(status)
        .send({ message: 'Bad request: the URL could not be read' } satisfies ErrorBody);
    },
  });
  app.decorate('config', config);
  app.addHook('onClose', () => config.providers.guard.close());
  app.decorate('secretBox', createSecretBox(config.encryptionKey ?? secrets.encryptionKey));
  const clock = options.clock ?? systemClock;
  app.decorate('clock', clock);

  void app.register(errorHandlerPlugin);
  void app.register(loadSheddingPlugin, { maxEventLoopDelayMs: config.maxEventLoopDelayMs });
  void app.register(databasePlugin, {
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
    poolMax: config.pools.database,
    dataDir: config.dataDir,
    seedDemoAccounts: config.demoAccounts,
    demoEmbedKey: config.demoEmbedKey,
    clock,
  });
  void app.register(depsPlugin);
  void app.register(jobQueuePlugin, { processor: options.eventProcessor ?? crmEventProcessor });
  // The platforms' posts come in beside the dashboard, with none of its hooks: they are the hot path.
  void app.register(webhookReceiverRoutes);
  void app.register(dashboard, {
    config,
    secrets,
    ...(options.relyingParty ? { relyingParty: options.relyingParty } : {}),
    readDiskSpace: options.readDiskSpace,
  });
  return app;
}

/** Everything a person's browser talks to: pages and their headers, cookies, the session, the Origin check, the routes. */
const dashboard: FastifyPluginAsync<{
  config: AppConfig;
  /** This process's own (secrets.json): the deployment's sign-in keys are the first process's. */
  secrets: Secrets;
  relyingParty?: RelyingParty;
  readDiskSpace?: ReadDiskSpace;
}> = async (app, { config, secrets: own, relyingParty: given, readDiskSpace }) => {
  const secrets: Secrets = {
    ...own,
    ...(await deploymentSignInKeys(app.db, app.secretBox, own, app.clock.now())),
  };
  const relyingParty =
    given ??
    createRelyingParty({
      identity: config.identity,
      clientSecret:
        config.identity.kind === 'hosted' ? config.identity.clientSecret : secrets.idpClientSecret,
      redirectUri: `${config.publicUrl}/auth/callback`,
    });
  await app.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    remoteEntries: config.remotes.map((remote) => remote.entry),
  });
  await app.register(cookiesPlugin, { secret: config.sessionSecret ?? secrets.sessionSecret });
  await app.register(sessionPlugin);
  await app.register(originCheckPlugin, {
    publicOrigin: toOrigin(config.publicUrl),
    allowedOrigins: config.allowedOrigins,
  });
  await app.register(shellPlugin, { shellDistDir: config.shellDistDir });
  await app.register(notFoundPlugin, { shellDistDir: config.shellDistDir });

  await app.register(healthRoutes, { readDiskSpace });
  await app.register(remotesRoutes, { config });
  await app.register(docsRoutes, { publicUrl: config.publicUrl });
  await app.register(authRoutes, {
    publicUrl: config.publicUrl,
    sessionTtlHours: config.sessionTtlHours,
    relyingParty,
  });
  await app.register(adminApiRoutes);
  await app.register(embedTokenRoutes);
  await app.register(webhookTestUrlRoutes);
  await app.register(oauthRoutes, { publicUrl: config.publicUrl });
  if (config.identity.kind === 'embedded') {
    await app.register(idpRoutes, {
      config,
      secrets,
      issuerUrl: config.identity.issuerUrl,
      clientId: config.identity.clientId,
      showDemoAccounts: config.identity.showDemoAccounts,
    });
  }
};
