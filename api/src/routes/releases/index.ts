import type { FastifyPluginAsync } from 'fastify';
import {
  activateRelease,
  dropReleaseCanary,
  listReleases,
  promoteReleaseCanary,
  publishRelease,
  rollbackRelease,
  setReleaseCanary,
  releaserOf,
  reportReleaseFallback,
} from '../../services/releases.js';
import { contractRoute } from '../../http/contract-route.js';

/** The release registry (issue 57): admins, and the release command with the deploy token for publishing. */
export const releasesRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listReleases', { handler: () => listReleases(deps) });

  contractRoute(app, 'publishRelease', {
    acceptsDeployToken: true,
    handler: ({ user, params, body }) => publishRelease(deps, releaserOf(user), params.area, body),
  });

  contractRoute(app, 'activateRelease', {
    handler: ({ user, params, body }) =>
      activateRelease(deps, releaserOf(user), params.area, body.version),
  });

  contractRoute(app, 'rollbackRelease', {
    handler: ({ user, params }) => rollbackRelease(deps, releaserOf(user), params.area),
  });

  contractRoute(app, 'setReleaseCanary', {
    handler: ({ user, params, body }) =>
      setReleaseCanary(deps, releaserOf(user), params.area, body),
  });

  contractRoute(app, 'promoteReleaseCanary', {
    handler: ({ user, params }) => promoteReleaseCanary(deps, releaserOf(user), params.area),
  });

  contractRoute(app, 'dropReleaseCanary', {
    handler: ({ user, params }) => dropReleaseCanary(deps, releaserOf(user), params.area),
  });
  contractRoute(app, 'reportReleaseFallback', {
    handler: ({ params, body }) => reportReleaseFallback(deps, params.area, body.version),
  });
};
