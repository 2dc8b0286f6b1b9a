import { appConfig } from '../scripts/rspack-app.mjs';

export default appConfig({
  name: 'mfe_webhooks',
  dir: import.meta.dirname,
  port: Number(process.env.MFE_WEBHOOKS_DEV_PORT ?? 8082),
  title: 'CRM Sync · Webhooks',
  exposes: { './App': './src/export-app.tsx' },
  env: { API_URL: process.env.API_URL ?? 'http://localhost:8080' },
});
