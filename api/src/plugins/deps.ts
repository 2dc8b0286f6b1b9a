import type { ProcessState } from '../deps.js';
import { globalPlugin } from './global-plugin.js';

/** `app.deps`: what the routes hand to services, made once the database is open. */
export const depsPlugin = globalPlugin<{ state: ProcessState }>(async (app, { state }) => {
  app.decorate('deps', {
    db: app.db,
    secretBox: app.secretBox,
    config: app.config,
    providers: app.config.providers,
    log: app.log,
    clock: app.clock,
    state,
  });
});
