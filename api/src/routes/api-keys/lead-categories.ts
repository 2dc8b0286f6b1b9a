import type { FastifyPluginAsync } from 'fastify';
import { leadCategoryId } from 'shared/rules';
import { platformAdapters } from '../../adapters/platforms.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest } from '../../http/http-error.js';
import { toLeadCategory, toStoredLeadCategory } from '../../presenters/api-keys.js';
import { addStoredLeadCategories, listStoredLeadCategories } from '../../repositories/lead-categories.js';
import { credentialsOf, loadApiKey } from './access.js';

/** A key's lead categories: read from its platform, bison's fixed one, or the ones users added (heyreach). */
export const leadCategoryRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listLeadCategories', {
    handler: async ({ params, user }) => {
      const record = await loadApiKey(app, user, params.id, 'read');
      const source = platformAdapters[record.platform].leadCategories;
      switch (source.source) {
        case 'fixed':
          return source.categories.map(toLeadCategory);
        case 'stored':
          return (await listStoredLeadCategories(app.db, record.id)).map(toStoredLeadCategory);
        case 'platform': {
          const answer = await source.read(app.config.providers, credentialsOf(app, record));
          if (!answer.ok) throw badRequest(answer.message);
          return answer.data.map(toLeadCategory);
        }
      }
    },
  });

  contractRoute(app, 'addLeadCategories', {
    handler: async ({ params, body, user }) => {
      const record = await loadApiKey(app, user, params.id, 'change');
      if (platformAdapters[record.platform].leadCategories.source !== 'stored') {
        throw badRequest(`Lead categories can only be added to heyreach API keys; ${record.platform} categories come from the platform`);
      }
      const otherProfile = body.categories.find((category) => category.userProfileId !== undefined && category.userProfileId !== record.userProfileId);
      if (otherProfile) throw badRequest("Invalid body: categories.userProfileId: must be the API key's profile");
      const categories = body.categories.map((category) => ({
        categoryId: category.categoryId ? category.categoryId : leadCategoryId(category.categoryName),
        name: category.categoryName,
      }));
      await addStoredLeadCategories(app.db, record.id, record.userProfileId, categories);
      return (await listStoredLeadCategories(app.db, record.id)).map(toStoredLeadCategory);
    },
  });
};
