import { appConfig } from '../scripts/rspack-app.mjs';

export default appConfig({
  name: 'mfe_connections',
  dir: import.meta.dirname,
  port: Number(process.env.MFE_CONNECTIONS_DEV_PORT ?? 8081),
  title: 'CRM Sync · Connections',
  exposes: { './App': './src/export-app.tsx' },
  env: { API_URL: process.env.API_URL ?? 'http://localhost:8080' },
});
