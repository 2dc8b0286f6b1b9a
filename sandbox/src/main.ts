import type { FastifyRequest } from 'fastify';
import { loadSandboxConfig } from './config.js';
import { maskUrl } from './core/request-log.js';
import { buildSandbox } from './server.js';

const config = loadSandboxConfig();
const app = buildSandbox({
  logger: {
    level: config.logLevel,
    // Smartlead's key travels in the query string: keep it out of the log.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        host: request.headers.host,
      }),
    },
  },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Sandbox for HubSpot, Salesforce, Smartlead, Instantly, EmailBison and HeyReach at ${config.publicUrl} (inspection page at /)`,
  );
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
