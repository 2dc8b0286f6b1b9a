import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ApiKey } from 'shared/contract';
import { ownedUser, readScope } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { notFound } from '../../http/http-error.js';
import { toApiKey } from '../../presenters/api-keys.js';
import {
  deleteApiKey,
  findApiKey,
  findProfileOwner,
  listApiKeys,
  listSyncBlockLists,
  type ApiKeyRecord,
} from '../../repositories/api-keys.js';
import { findUserById, type UserRecord } from '../../repositories/users.js';
import { checkKey, createApiKey, updateApiKey, validateApiKey } from '../../services/api-keys.js';

/** Keys as the viewer may see them, each with the block lists that use it. */
async function present(
  app: FastifyInstance,
  viewer: UserRecord,
  records: readonly ApiKeyRecord[],
): Promise<ApiKey[]> {
  const blockLists = await listSyncBlockLists(
    app.db,
    records.map((record) => record.id),
  );
  return records.map((record) =>
    toApiKey(record, {
      plainKey: app.secretBox.open(record.apiKeySealed),
      viewer,
      syncBlockList: blockLists.get(record.id) ?? [],
    }),
  );
}

async function presentOne(
  app: FastifyInstance,
  viewer: UserRecord,
  record: ApiKeyRecord,
): Promise<ApiKey> {
  const [key] = await present(app, viewer, [record]);
  if (!key) throw new Error('A presented key went missing');
  return key;
}

const KEY_NOT_FOUND = 'API key not found';

/** spec §7 "API keys": list, create, update, validate, check, reveal and delete, and the keys of one user. */
export const apiKeyRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listApiKeys', {
    handler: async ({ user }) => {
      const scope = readScope(user);
      const own = await listApiKeys(app.db, { scope: { kind: 'own', userId: user.id } });
      const all = scope.kind === 'organization' ? await listApiKeys(app.db, { scope }) : [];
      return { apiKeys: await present(app, user, own), allApiKeys: await present(app, user, all) };
    },
  });

  contractRoute(app, 'createApiKey', {
    handler: async ({ body, user, access, reply }) => {
      const profile = access.require(
        await findProfileOwner(app.db, body.userProfileId),
        'Profile not found',
      );
      const created = await createApiKey(deps, profile, body);
      void reply.status(201);
      return presentOne(app, user, created);
    },
  });

  contractRoute(app, 'checkApiKey', {
    handler: async ({ body }) => checkKey(deps, body),
  });

  contractRoute(app, 'updateApiKey', {
    handler: async ({ params, body, user, access }) => {
      const record = access.require(await findApiKey(app.db, params.id), KEY_NOT_FOUND);
      return presentOne(app, user, await updateApiKey(deps, record, body));
    },
  });

  contractRoute(app, 'validateApiKey', {
    handler: async ({ params, access }) => {
      const record = access.require(await findApiKey(app.db, params.id), KEY_NOT_FOUND);
      return { id: record.id, isValid: await validateApiKey(deps, record) };
    },
  });

  contractRoute(app, 'revealApiKey', {
    handler: async ({ params, access, reply, request }) => {
      const record = access.require(await findApiKey(app.db, params.id), KEY_NOT_FOUND);
      void reply.header('cache-control', 'no-store');
      request.log.info({ apiKeyId: record.id, ownerId: record.userId }, 'API key revealed');
      return { apiKey: app.secretBox.open(record.apiKeySealed) };
    },
  });

  contractRoute(app, 'deleteApiKey', {
    handler: async ({ params, access }) => {
      const record = access.require(await findApiKey(app.db, params.id), KEY_NOT_FOUND);
      if (!(await deleteApiKey(app.db, record.id))) throw notFound(KEY_NOT_FOUND);
      return { id: record.id };
    },
  });

  contractRoute(app, 'listUserApiKeys', {
    handler: async ({ params, query, user, access }) => {
      const target = await findUserById(app.db, params.userId);
      access.require(target && ownedUser(target), 'User not found');
      const records = await listApiKeys(app.db, {
        scope: { kind: 'own', userId: params.userId },
        platform: query.platform,
      });
      return present(app, user, records);
    },
  });
};
