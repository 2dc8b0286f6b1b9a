import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LOG_PAGE_SIZE, type BlockList, type CrmType } from 'shared/contract';
import { hubspotBlockListProblem, normalizeBlockListChoices, salesforceBlockListProblem } from 'shared/rules';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, forbidden, notFound } from '../../http/http-error.js';
import { toBlockList, toBlockListLog } from '../../presenters/block-lists.js';
import { mayManage, readsEveryone } from '../../presenters/ownership.js';
import { findApiKeyRef, type ApiKeyRef } from '../../repositories/api-key-refs.js';
import { pageBlockListLogs } from '../../repositories/block-list-logs.js';
import { createBlockList, deleteBlockList, findBlockList, listBlockLists, setBlockListEnabled, type BlockListRecord } from '../../repositories/block-lists.js';
import type { UserRecord } from '../../repositories/users.js';
import { permissionMessages, requireOwnProfile } from '../webhooks/access.js';

const requireCanBlockList = (user: UserRecord): void => {
  if (!user.canBlockList) throw forbidden(permissionMessages.canBlockList);
};

const fail = (field: string, message: string) => badRequest(message, { [field]: message });

/** The chosen API key: the caller's own (404 unknown, 403 someone else's); undefined when none was chosen. */
async function ownApiKey(app: FastifyInstance, user: UserRecord, apiKeyId: number | null): Promise<ApiKeyRef | undefined> {
  if (apiKeyId === null) return undefined;
  const key = await findApiKeyRef(app.db, apiKeyId);
  if (!key) throw notFound('API key not found');
  if (key.userId !== user.id) throw forbidden('You can only push block lists with your own API keys');
  return key;
}

/** The CRM profile the block list reads: the one named, else the API key's; the caller's own, of the right CRM. */
async function blockListProfile(app: FastifyInstance, user: UserRecord, crm: CrmType, key: ApiKeyRef, userProfileId: number | null | undefined) {
  const profile = await requireOwnProfile(app, user, userProfileId ?? key.userProfileId);
  if (profile.crm !== crm) throw fail('userProfileId', `Choose a ${crm === 'HUBSPOT' ? 'HubSpot' : 'Salesforce'} profile for a ${crm} block list`);
  return profile;
}

const cleanList = (values: readonly string[]): string[] => [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];

function clientOf(key: ApiKeyRef, client: { id: string | number; email?: string | null | undefined } | null | undefined): { clientId: string | null; clientEmail: string | null } {
  if (key.platform !== 'smartlead' || !client || String(client.id).trim() === '') return { clientId: null, clientEmail: null };
  return { clientId: String(client.id).trim(), clientEmail: client.email?.trim() || null };
}

async function presentOne(app: FastifyInstance, viewer: UserRecord, id: number): Promise<BlockList> {
  const record = await findBlockList(app.db, id);
  if (!record) throw notFound('Block list not found');
  return toBlockList(record, viewer);
}

/** A block list the user may pause, resume or delete: admins and the profile's owner (spec §6). */
async function requireManageableBlockList(app: FastifyInstance, user: UserRecord, id: number, action: string): Promise<BlockListRecord> {
  const record = await findBlockList(app.db, id);
  if (!record) throw notFound('Block list not found');
  if (!mayManage(user, record.userId)) throw forbidden(`Only admins and the profile's owner can ${action} this block list`);
  return record;
}

/** The Block lists screen and history: create (canBlockList) for HubSpot and Salesforce, list, pause and resume, delete, history. */
export const blockListsRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'createHubspotBlockList', {
    authorize: requireCanBlockList,
    handler: async ({ user, body }) => {
      const key = await ownApiKey(app, user, body.apiKeyId);
      const choices = normalizeBlockListChoices({ ...body, platform: key?.platform });
      const problem = hubspotBlockListProblem(choices);
      if (problem) throw fail(problem.field, problem.message);
      if (!key || !choices.listType || !choices.blockType) throw new Error('hubspotBlockListProblem let an incomplete block list through');
      const profile = await blockListProfile(app, user, 'HUBSPOT', key, body.userProfileId);
      const listId = String(body.listId).trim();
      const heyReach = key.platform === 'heyreach';
      const id = await createBlockList(app.db, {
        userProfileId: profile.id,
        userId: profile.userId,
        apiKeyId: key.id,
        crm: 'HUBSPOT',
        listId,
        listName: body.listName?.trim() || listId,
        listType: choices.listType,
        blockType: choices.blockType,
        ...clientOf(key, body.client),
        useDomainForNonLatin: choices.useDomainForNonLatin,
        profileUrlFieldNames: heyReach ? cleanList(body.profileUrlFieldNames) : [],
        heyReachListId: heyReach ? String(body.heyReachListId).trim() : null,
        fields: [],
      });
      return presentOne(app, user, id);
    },
  });

  contractRoute(app, 'createSalesforceBlockList', {
    authorize: requireCanBlockList,
    handler: async ({ user, body }) => {
      const key = await ownApiKey(app, user, body.apiKeyId);
      const choices = normalizeBlockListChoices({ ...body, platform: key?.platform });
      const problem = salesforceBlockListProblem(choices);
      if (problem) throw fail(problem.field, problem.message);
      if (!key || !choices.blockType || body.listIdentifier === null) throw new Error('salesforceBlockListProblem let an incomplete block list through');
      const profile = await blockListProfile(app, user, 'SALESFORCE', key, body.userProfileId);
      const listId = body.listIdentifier.trim();
      const id = await createBlockList(app.db, {
        userProfileId: profile.id,
        userId: profile.userId,
        apiKeyId: key.id,
        crm: 'SALESFORCE',
        listId,
        listName: body.listName?.trim() || listId,
        listType: null,
        blockType: choices.blockType,
        ...clientOf(key, body.client),
        useDomainForNonLatin: choices.useDomainForNonLatin,
        profileUrlFieldNames: [],
        heyReachListId: null,
        fields: cleanList(body.fields),
      });
      return presentOne(app, user, id);
    },
  });

  contractRoute(app, 'listBlockLists', {
    handler: async ({ user }) => {
      const records = await listBlockLists(app.db, readsEveryone(user) ? undefined : user.id);
      return records.map((record) => toBlockList(record, user));
    },
  });

  contractRoute(app, 'updateBlockList', {
    handler: async ({ user, params, body }) => {
      const record = await requireManageableBlockList(app, user, params.id, body.isEnabled ? 'resume' : 'pause');
      if (!(await setBlockListEnabled(app.db, record.id, body.isEnabled))) throw notFound('Block list not found');
      return presentOne(app, user, record.id);
    },
  });

  contractRoute(app, 'deleteBlockList', {
    handler: async ({ user, params }) => {
      const record = await requireManageableBlockList(app, user, params.id, 'delete');
      await deleteBlockList(app.db, record.id);
      return toBlockList(record, user);
    },
  });

  contractRoute(app, 'listBlockListHistory', {
    handler: async ({ user, query }) => {
      const blockListId = query['block-list-id'];
      const everyone = readsEveryone(user);
      if (blockListId !== undefined) {
        const record = await findBlockList(app.db, blockListId);
        if (!record) throw notFound('Block list not found');
        if (!everyone && record.userId !== user.id) throw forbidden("You can only see your own block lists' history");
      }
      const { totalItems, data } = await pageBlockListLogs(app.db, { ownerId: everyone ? undefined : user.id, blockListId, email: query.email }, query.page);
      return { page: query.page, limit: LOG_PAGE_SIZE, totalItems, data: data.map(toBlockListLog) };
    },
  });
};
