import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { findApiKeyById } from '../../services/api-key-views.js';
import { addLeadCategories, leadCategoriesOf } from '../../services/lead-categories.js';

const KEY_NOT_FOUND = 'API key not found';

/** A key's lead categories: read (the owner, managers and admins), add to a heyreach key (the owner and admins). */
export const leadCategoryRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listLeadCategories', {
    handler: async ({ params, access }) =>
      leadCategoriesOf(deps, access.require(await findApiKeyById(deps, params.id), KEY_NOT_FOUND)),
  });

  contractRoute(app, 'addLeadCategories', {
    handler: async ({ params, body, access }) =>
      addLeadCategories(
        deps,
        access.require(await findApiKeyById(deps, params.id), KEY_NOT_FOUND),
        body,
      ),
  });
};
