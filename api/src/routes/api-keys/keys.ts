import type { FastifyPluginAsync } from 'fastify';
import { ownedUser, readScope } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import {
  apiKeysOfUser,
  apiKeysOfViewer,
  findApiKeyById,
  findKeyProfile,
  plainApiKey,
  presentApiKey,
  removeApiKey,
} from '../../services/api-key-views.js';
import { checkKey, createApiKey, updateApiKey, validateApiKey } from '../../services/api-keys.js';
import { findUser } from '../../services/users.js';

const KEY_NOT_FOUND = 'API key not found';

/** spec §7 "API keys": list, create, update, validate, check, reveal and delete, and the keys of one user. */
export const apiKeyRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listApiKeys', {
    handler: ({ user }) => apiKeysOfViewer(deps, user, readScope(user)),
  });

  contractRoute(app, 'createApiKey', {
    handler: async ({ body, user, access, reply }) => {
      const profile = access.require(
        await findKeyProfile(deps, body.userProfileId),
        'Profile not found',
      );
      const created = await createApiKey(deps, profile, body);
      void reply.status(201);
      return presentApiKey(deps, user, created);
    },
  });

  contractRoute(app, 'checkApiKey', {
    handler: async ({ body }) => checkKey(deps, body),
  });

  contractRoute(app, 'updateApiKey', {
    handler: async ({ params, body, user, access }) => {
      const record = access.require(await findApiKeyById(deps, params.id), KEY_NOT_FOUND);
      return presentApiKey(deps, user, await updateApiKey(deps, record, body));
    },
  });

  contractRoute(app, 'validateApiKey', {
    handler: async ({ params, access }) => {
      const record = access.require(await findApiKeyById(deps, params.id), KEY_NOT_FOUND);
      return { id: record.id, isValid: await validateApiKey(deps, record) };
    },
  });

  contractRoute(app, 'revealApiKey', {
    handler: async ({ params, access, reply, request }) => {
      const record = access.require(await findApiKeyById(deps, params.id), KEY_NOT_FOUND);
      void reply.header('cache-control', 'no-store');
      request.log.info({ apiKeyId: record.id, ownerId: record.userId }, 'API key revealed');
      return { apiKey: plainApiKey(deps, record) };
    },
  });

  contractRoute(app, 'deleteApiKey', {
    handler: async ({ params, access }) => {
      const record = access.require(await findApiKeyById(deps, params.id), KEY_NOT_FOUND);
      await removeApiKey(deps, record);
      return { id: record.id };
    },
  });

  contractRoute(app, 'listUserApiKeys', {
    handler: async ({ params, query, user, access }) => {
      const target = await findUser(deps, params.userId);
      access.require(target && ownedUser(target), 'User not found');
      return apiKeysOfUser(deps, user, params.userId, query.platform);
    },
  });
};
