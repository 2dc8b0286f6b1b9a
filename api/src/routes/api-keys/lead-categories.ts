import type { FastifyPluginAsync } from 'fastify';
import { leadCategoryId } from 'shared/rules';
import { platformAdapters } from '../../adapters/platforms.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest } from '../../http/http-error.js';
import { toLeadCategory, toStoredLeadCategory } from '../../presenters/api-keys.js';
import { findApiKey } from '../../repositories/api-keys.js';
import { addStoredLeadCategories, listStoredLeadCategories } from '../../repositories/lead-categories.js';
import { credentialsOf } from '../../services/api-keys.js';

/** A key's lead categories: read from its platform, bison's fixed one, or the ones users added (heyreach). */
export const leadCategoryRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listLeadCategories', {
    handler: async ({ params, access }) => {
      const record = access.require(await findApiKey(app.db, params.id), 'API key not found');
      const source = platformAdapters[record.platform].leadCategories;
      switch (source.source) {
        case 'fixed':
          return source.categories.map(toLeadCategory);
        case 'stored':
          return (await listStoredLeadCategories(app.db, record.id)).map(toStoredLeadCategory);
        case 'platform': {
          const answer = await source.read(app.deps.providers, credentialsOf(app.deps, record));
          if (!answer.ok) throw badRequest(answer.message);
          return answer.data.map(toLeadCategory);
        }
      }
    },
  });

  contractRoute(app, 'addLeadCategories', {
    handler: async ({ params, body, access }) => {
      const record = access.require(await findApiKey(app.db, params.id), 'API key not found');
      if (platformAdapters[record.platform].leadCategories.source !== 'stored') {
        throw badRequest(`Lead categories can only be added to heyreach API keys; ${record.platform} categories come from the platform`);
      }
      const otherProfile = body.categories.find((category) => category.userProfileId !== undefined && category.userProfileId !== record.userProfileId);
      if (otherProfile) throw badRequest("Invalid body: categories.userProfileId: must be the API key's profile");
      const categories = body.categories.map((category) => ({
        categoryId: category.categoryId ? category.categoryId : leadCategoryId(category.categoryName),
        name: category.categoryName,
      }));
      await addStoredLeadCategories(app.db, record.id, record.userProfileId, categories, app.clock.now());
      return (await listStoredLeadCategories(app.db, record.id)).map(toStoredLeadCategory);
    },
  });
};
