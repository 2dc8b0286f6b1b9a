import { loadSandboxConfig } from './config.js';
import { buildSandbox } from './server.js';

const config = loadSandboxConfig();
const app = buildSandbox({ logger: { level: config.logLevel } });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Sandbox for HubSpot, Salesforce, Smartlead, Instantly, EmailBison and HeyReach at ${config.publicUrl} (inspection page at /)`);
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
