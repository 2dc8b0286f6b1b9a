import { appConfig } from '../scripts/rspack-app.mjs';

export default appConfig({
  name: 'shell',
  dir: import.meta.dirname,
  port: Number(process.env.SHELL_DEV_PORT ?? 8085),
  title: 'CRM Sync',
  favicon: 'src/assets/logo.svg',
});
