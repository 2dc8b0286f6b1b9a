import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ApiKey } from 'shared/contract';
import { isAdmin, isManagerOrAdmin } from 'shared/rules';
import { platformAdapters } from '../../adapters/platforms.js';
import type { Platform } from '../../db/schema.js';
import { normalizeBisonBaseUrl } from '../../adapters/emailbison/index.js';
import { requireCallableUrl } from '../../http/callable-url.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, forbidden, notFound } from '../../http/http-error.js';
import { toApiKey } from '../../presenters/api-keys.js';
import { deleteApiKey, findProfileOwner, insertApiKey, listApiKeys, listSyncBlockLists, setApiKeyValidity, updateApiKey, userExists, type ApiKeyRecord } from '../../repositories/api-keys.js';
import type { UserRecord } from '../../repositories/users.js';
import { credentialsOf, loadApiKey } from './access.js';

/** baseUrl is kept for bison only (spec §5). */
const storedBaseUrl = (platform: Platform, baseUrl: string | null | undefined): string | null => (platform === 'bison' && baseUrl ? baseUrl : null);

/**
 * A bison key's instance is a URL the user gives: unless every instance goes to the override (the
 * sandbox), it must be one the outbound guard calls (https, public address), else a 400 on baseUrl.
 */
async function requireCallableBaseUrl(app: FastifyInstance, platform: Platform, baseUrl: string | null): Promise<void> {
  const { guard, emailbisonBaseUrlOverride } = app.config.providers;
  if (platform !== 'bison' || baseUrl === null || emailbisonBaseUrlOverride) return;
  await requireCallableUrl(guard, 'EmailBison', normalizeBisonBaseUrl(baseUrl) ?? baseUrl, 'baseUrl', 'The base URL');
}

/** Keys as the viewer may see them, each with the block lists that use it. */
async function present(app: FastifyInstance, viewer: UserRecord, records: readonly ApiKeyRecord[]): Promise<ApiKey[]> {
  const blockLists = await listSyncBlockLists(app.db, records.map((record) => record.id));
  return records.map((record) => toApiKey(record, { plainKey: app.secretBox.open(record.apiKeySealed), viewer, syncBlockList: blockLists.get(record.id) ?? [] }));
}

async function presentOne(app: FastifyInstance, viewer: UserRecord, record: ApiKeyRecord): Promise<ApiKey> {
  const [key] = await present(app, viewer, [record]);
  if (!key) throw new Error('A presented key went missing');
  return key;
}

/** spec §7 "API keys": list, create, update, validate, check, reveal and delete, and the keys of one user. */
export const apiKeyRoutes: FastifyPluginAsync = async (app) => {
  const endpoints = app.config.providers;

  contractRoute(app, 'listApiKeys', {
    handler: async ({ user }) => {
      const own = await listApiKeys(app.db, { ownerId: user.id });
      const all = isManagerOrAdmin(user.role) ? await listApiKeys(app.db) : [];
      return { apiKeys: await present(app, user, own), allApiKeys: await present(app, user, all) };
    },
  });

  contractRoute(app, 'createApiKey', {
    handler: async ({ body, user, reply }) => {
      const profile = await findProfileOwner(app.db, body.userProfileId);
      if (!profile) throw notFound('Profile not found');
      if (profile.userId !== user.id && !isAdmin(user.role)) throw forbidden('You can only add API keys to your own profiles');
      const baseUrl = storedBaseUrl(body.platform, body.baseUrl);
      await requireCallableBaseUrl(app, body.platform, baseUrl);
      const check = await platformAdapters[body.platform].checkKey(endpoints, { apiKey: body.apiKey, baseUrl });
      const created = await insertApiKey(app.db, {
        profile,
        platform: body.platform,
        apiKeySealed: app.secretBox.seal(body.apiKey),
        description: body.description,
        baseUrl,
        isValid: check.valid,
      });
      void reply.status(201);
      return presentOne(app, user, created);
    },
  });

  contractRoute(app, 'checkApiKey', {
    handler: async ({ body }) => {
      const adapter = platformAdapters[body.platform];
      const baseUrl = storedBaseUrl(body.platform, body.baseUrl);
      await requireCallableBaseUrl(app, body.platform, baseUrl);
      const check = await adapter.checkKey(endpoints, { apiKey: body.apiKey, baseUrl });
      return check.valid ? { isValid: true, message: `${adapter.provider} accepted the API key` } : { isValid: false, message: check.message };
    },
  });

  contractRoute(app, 'updateApiKey', {
    handler: async ({ params, body, user }) => {
      const record = await loadApiKey(app, user, params.id, 'change');
      const baseUrl = storedBaseUrl(body.platform, body.baseUrl);
      await requireCallableBaseUrl(app, body.platform, baseUrl);
      // spec §5 "API key update": the server check must pass, else the platform's message and nothing changes.
      const check = await platformAdapters[body.platform].checkKey(endpoints, { apiKey: body.apiKey, baseUrl });
      if (!check.valid) throw badRequest(check.message);
      const updated = await updateApiKey(app.db, record.id, {
        platform: body.platform,
        apiKeySealed: app.secretBox.seal(body.apiKey),
        description: body.description ? body.description : record.description,
        baseUrl,
        isValid: true,
      });
      if (!updated) throw notFound('API key not found');
      return presentOne(app, user, updated);
    },
  });

  contractRoute(app, 'validateApiKey', {
    handler: async ({ params, user }) => {
      const record = await loadApiKey(app, user, params.id, 'change');
      const check = await platformAdapters[record.platform].checkKey(endpoints, credentialsOf(app, record));
      await setApiKeyValidity(app.db, record.id, check.valid);
      return { id: record.id, isValid: check.valid };
    },
  });

  contractRoute(app, 'revealApiKey', {
    handler: async ({ params, user, reply, request }) => {
      const record = await loadApiKey(app, user, params.id, 'change');
      void reply.header('cache-control', 'no-store');
      request.log.info({ apiKeyId: record.id, ownerId: record.ownerId }, 'API key revealed');
      return { apiKey: app.secretBox.open(record.apiKeySealed) };
    },
  });

  contractRoute(app, 'deleteApiKey', {
    handler: async ({ params, user }) => {
      const record = await loadApiKey(app, user, params.id, 'change');
      if (!(await deleteApiKey(app.db, record.id))) throw notFound('API key not found');
      return { id: record.id };
    },
  });

  contractRoute(app, 'listUserApiKeys', {
    handler: async ({ params, query, user }) => {
      if (params.userId !== user.id && !isManagerOrAdmin(user.role)) throw forbidden('You can only see your own API keys');
      if (!(await userExists(app.db, params.userId))) throw notFound('User not found');
      const records = await listApiKeys(app.db, { ownerId: params.userId, platform: query.platform });
      return present(app, user, records);
    },
  });
};
