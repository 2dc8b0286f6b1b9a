import { createDeps } from '../deps.js';
import { globalPlugin } from './global-plugin.js';

/** `app.deps`: what the routes hand to services, made once the database is open, with this app's own process state. */
export const depsPlugin = globalPlugin(async (app) => {
  app.decorate(
    'deps',
    createDeps({
      db: app.db,
      secretBox: app.secretBox,
      config: app.config,
      log: app.log,
      clock: app.clock,
    }),
  );
});
