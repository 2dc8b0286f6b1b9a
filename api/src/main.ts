import { buildApp } from './app.js';
import { loadConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = buildApp(config);

  let closing = false;
  const close = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  await app.listen({ host: config.host, port: config.port });
  const issuer =
    config.identity.kind === 'embedded'
      ? `embedded identity provider at ${config.identity.issuerUrl}`
      : `issuer ${config.identity.issuerUrl}`;
  app.log.info(`CRM Sync api ready at ${config.publicUrl} (${issuer})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
