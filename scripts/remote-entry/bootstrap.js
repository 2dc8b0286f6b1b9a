// The remote on its own page (`pnpm --filter <remote> dev`), with the development host contract.
import { renderStandalone } from 'shared/ui';
import { App } from 'crm-sync-remote-app';

renderStandalone(App, process.env.API_URL ?? 'http://localhost:8080');
