import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LOG_PAGE_SIZE, type BlockList } from 'shared/contract';
import { readScope, type ResourceAccess } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { conflict, notFound } from '../../http/http-error.js';
import { requestBlockListSync, syncNowKey } from '../../block-list-sync/schedule.js';
import { toBlockList, toBlockListLog } from '../../presenters/block-lists.js';
import { findApiKeyRef, type ApiKeyRef } from '../../repositories/api-key-refs.js';
import { pageBlockListLogs } from '../../repositories/block-list-logs.js';
import {
  deleteBlockList,
  findBlockList,
  listBlockLists,
  setBlockListEnabled,
} from '../../repositories/block-lists.js';
import { findUserProfile } from '../../repositories/user-profiles.js';
import type { UserRecord } from '../../repositories/users.js';
import {
  createHubspotBlockList,
  createSalesforceBlockList,
  type BlockListSource,
} from '../../services/block-lists.js';

const NOT_FOUND = 'Block list not found';

/** The chosen API key and the profile the block list reads: the caller's own (the policy's `others: 'nobody'`). */
async function sourceOf(
  app: FastifyInstance,
  access: ResourceAccess,
  apiKeyId: number | null,
): Promise<BlockListSource> {
  const key: ApiKeyRef | undefined =
    apiKeyId === null
      ? undefined
      : access.require(
          await findApiKeyRef(app.db, apiKeyId),
          'API key not found',
          'You can only push block lists with your own API keys',
        );
  return {
    key,
    profile: async (id) => access.require(await findUserProfile(app.db, id), 'Profile not found'),
  };
}

async function presentOne(
  app: FastifyInstance,
  viewer: UserRecord,
  id: number,
): Promise<BlockList> {
  const record = await findBlockList(app.db, id);
  if (!record) throw notFound(NOT_FOUND);
  return toBlockList(record, viewer);
}

/** The Block lists screen and history: create (canBlockList) for HubSpot and Salesforce, list, pause and resume, delete, history. */
export const blockListsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  // a new list syncs at once (then on the schedule)
  const created = async (user: UserRecord, id: number): Promise<BlockList> => {
    await requestBlockListSync(app.queue, id, 'created');
    return presentOne(app, user, id);
  };

  contractRoute(app, 'createHubspotBlockList', {
    handler: async ({ user, body, access }) =>
      created(
        user,
        await createHubspotBlockList(deps, await sourceOf(app, access, body.apiKeyId), body),
      ),
  });

  contractRoute(app, 'createSalesforceBlockList', {
    handler: async ({ user, body, access }) =>
      created(
        user,
        await createSalesforceBlockList(deps, await sourceOf(app, access, body.apiKeyId), body),
      ),
  });

  contractRoute(app, 'listBlockLists', {
    handler: async ({ user }) =>
      (await listBlockLists(app.db, readScope(user))).map((record) => toBlockList(record, user)),
  });

  contractRoute(app, 'updateBlockList', {
    handler: async ({ user, params, body, access }) => {
      const action = body.isEnabled ? 'resume' : 'pause';
      const record = access.require(
        await findBlockList(app.db, params.id),
        NOT_FOUND,
        `Only admins and the profile's owner can ${action} this block list`,
      );
      if (!(await setBlockListEnabled(app.db, record.id, body.isEnabled)))
        throw notFound(NOT_FOUND);
      // pausing stops the schedule (it skips disabled lists, and a queued run finds the list paused); resuming syncs at once
      if (body.isEnabled && !record.isEnabled)
        await requestBlockListSync(app.queue, record.id, 'resumed');
      return presentOne(app, user, record.id);
    },
  });

  contractRoute(app, 'syncBlockList', {
    handler: async ({ user, params, access }) => {
      const record = access.require(await findBlockList(app.db, params.id), NOT_FOUND);
      if (!record.ownerCanBlockList)
        throw conflict(
          "This block list is paused until its owner may block lists again (PAUSED_PENDING_UPGRADE): it can't sync now",
        );
      if (!record.isEnabled) throw conflict('This block list is paused: resume it to sync it');
      await requestBlockListSync(
        app.queue,
        record.id,
        'sync-now',
        syncNowKey(record.id, app.clock.now()),
      );
      return presentOne(app, user, record.id);
    },
  });

  contractRoute(app, 'deleteBlockList', {
    handler: async ({ user, params, access }) => {
      const record = access.require(await findBlockList(app.db, params.id), NOT_FOUND);
      await deleteBlockList(app.db, record.id);
      return toBlockList(record, user);
    },
  });

  contractRoute(app, 'listBlockListHistory', {
    handler: async ({ user, query, access }) => {
      const blockListId = query['block-list-id'];
      if (blockListId !== undefined)
        access.require(await findBlockList(app.db, blockListId), NOT_FOUND);
      const { totalItems, data, nextCursor } = await pageBlockListLogs(
        app.db,
        { scope: readScope(user), blockListId, email: query.email },
        query,
      );
      return {
        page: query.page,
        limit: LOG_PAGE_SIZE,
        totalItems,
        nextCursor,
        data: data.map(toBlockListLog),
      };
    },
  });
};
