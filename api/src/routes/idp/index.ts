import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import { deleteExpiredOidcModels } from '../../idp/adapter.js';
import { refuseDemoPasswords } from '../../idp/demo-password-guard.js';
import { prepareDummyHash } from '../../idp/passwords.js';
import { createEmbeddedProvider, issuerMountPath } from '../../idp/provider.js';
import { createSignInThrottle } from '../../idp/sign-in-throttle.js';
import type { Secrets } from '../../secrets.js';
import { interactionRoutes } from './interactions.js';
import { providerMount } from './mount.js';
import { setPasswordRoutes } from './set-password.js';

export interface IdpRoutesOptions {
  config: AppConfig;
  secrets: Secrets;
  issuerUrl: string;
  clientId: string;
  showDemoAccounts: boolean;
}

/** The embedded identity provider under /oidc: its own endpoints, our login pages, and the one-time set-password page. */
export const idpRoutes: FastifyPluginAsync<IdpRoutesOptions> = async (
  app,
  { config, secrets, issuerUrl, clientId, showDemoAccounts },
) => {
  if (config.providers.sandboxUrl === null) await refuseDemoPasswords(app.deps.db);
  await deleteExpiredOidcModels(app.deps.db, app.clock);
  await prepareDummyHash();
  const provider = createEmbeddedProvider({
    issuerUrl,
    clientId,
    publicUrl: config.publicUrl,
    secrets,
    db: app.deps.db,
    box: app.deps.secretBox,
    clock: app.clock,
    onServerError: (error) => app.log.error({ err: error }, 'identity provider error'),
  });
  await app.register(providerMount, { provider, mountPath: issuerMountPath(issuerUrl) });
  const throttle = createSignInThrottle(() => app.clock.now().getTime());
  await app.register(interactionRoutes, {
    provider,
    issuerUrl,
    publicUrl: config.publicUrl,
    showDemoAccounts,
    deps: app.deps,
    throttle,
  });
  await app.register(setPasswordRoutes, {
    publicUrl: config.publicUrl,
    deps: app.deps,
  });
};
