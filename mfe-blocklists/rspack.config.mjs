import { appConfig } from '../scripts/rspack-app.mjs';

export default appConfig({
  name: 'mfe_blocklists',
  dir: import.meta.dirname,
  port: Number(process.env.MFE_BLOCKLISTS_DEV_PORT ?? 8083),
  title: 'CRM Sync · Block lists',
  exposes: { './App': './src/export-app.tsx' },
  env: { API_URL: process.env.API_URL ?? 'http://localhost:8080' },
});
