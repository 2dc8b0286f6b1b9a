import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import { deleteExpiredOidcModels } from '../../idp/adapter.js';
import { createEmbeddedProvider, issuerMountPath } from '../../idp/provider.js';
import type { Secrets } from '../../secrets.js';
import { interactionRoutes } from './interactions.js';
import { providerMount } from './mount.js';

export interface IdpRoutesOptions {
  config: AppConfig;
  secrets: Secrets;
  issuerUrl: string;
  clientId: string;
  showDemoAccounts: boolean;
}

/** The embedded identity provider under /oidc: its own endpoints, and our login pages. */
export const idpRoutes: FastifyPluginAsync<IdpRoutesOptions> = async (app, { config, secrets, issuerUrl, clientId, showDemoAccounts }) => {
  await deleteExpiredOidcModels(app.db);
  const provider = createEmbeddedProvider({
    issuerUrl,
    clientId,
    publicUrl: config.publicUrl,
    secrets,
    db: app.db,
    onServerError: (error) => app.log.error({ err: error }, 'identity provider error'),
  });
  await app.register(providerMount, { provider, mountPath: issuerMountPath(issuerUrl) });
  await app.register(interactionRoutes, { provider, issuerUrl, publicUrl: config.publicUrl, showDemoAccounts, db: app.db });
};
