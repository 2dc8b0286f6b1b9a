import { appConfig } from '../scripts/rspack-app.mjs';

export default appConfig({
  name: 'mfe_logs',
  dir: import.meta.dirname,
  port: Number(process.env.MFE_LOGS_DEV_PORT ?? 8084),
  title: 'CRM Sync · History',
  exposes: { './App': './src/export-app.tsx' },
  env: { API_URL: process.env.API_URL ?? 'http://localhost:8080' },
});
