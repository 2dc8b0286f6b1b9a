import type { FastifyPluginAsync } from 'fastify';
import { readScope, type ResourceAccess } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import type { Deps } from '../../deps.js';
import {
  blockListHistory,
  blockListsInScope,
  findBlockListById,
  findBlockListKey,
  removeBlockList,
  setBlockListRunning,
  startNewBlockList,
  syncBlockListNow,
} from '../../services/block-list-runs.js';
import {
  createHubspotBlockList,
  createSalesforceBlockList,
  type BlockListSource,
} from '../../services/block-lists.js';
import { findCrmProfile } from '../../services/crm-profiles.js';

const NOT_FOUND = 'Block list not found';

/** The chosen API key and the profile the block list reads: the caller's own (the policy's `others: 'nobody'`). */
async function sourceOf(
  deps: Deps,
  access: ResourceAccess,
  apiKeyId: number | null,
): Promise<BlockListSource> {
  const key =
    apiKeyId === null
      ? undefined
      : access.require(
          await findBlockListKey(deps, apiKeyId),
          'API key not found',
          'You can only push block lists with your own API keys',
        );
  return {
    key,
    profile: async (id) => access.require(await findCrmProfile(deps, id), 'Profile not found'),
  };
}

/** The Block lists screen and history: create (canBlockList) for HubSpot and Salesforce, list, pause and resume, delete, history. */
export const blockListsRoutes: FastifyPluginAsync = async (app) => {
  const { deps, queue } = app;

  contractRoute(app, 'createHubspotBlockList', {
    handler: async ({ user, body, access }) =>
      startNewBlockList(
        deps,
        queue,
        user,
        await createHubspotBlockList(deps, await sourceOf(deps, access, body.apiKeyId), body),
      ),
  });

  contractRoute(app, 'createSalesforceBlockList', {
    handler: async ({ user, body, access }) =>
      startNewBlockList(
        deps,
        queue,
        user,
        await createSalesforceBlockList(deps, await sourceOf(deps, access, body.apiKeyId), body),
      ),
  });

  contractRoute(app, 'listBlockLists', {
    handler: ({ user }) => blockListsInScope(deps, user, readScope(user)),
  });

  contractRoute(app, 'updateBlockList', {
    handler: async ({ user, params, body, access }) => {
      const action = body.isEnabled ? 'resume' : 'pause';
      const record = access.require(
        await findBlockListById(deps, params.id),
        NOT_FOUND,
        `Only admins and the profile's owner can ${action} this block list`,
      );
      return setBlockListRunning(deps, queue, user, record, body.isEnabled);
    },
  });

  contractRoute(app, 'syncBlockList', {
    handler: async ({ user, params, access }) => {
      const record = access.require(await findBlockListById(deps, params.id), NOT_FOUND);
      return syncBlockListNow(deps, queue, user, record);
    },
  });

  contractRoute(app, 'deleteBlockList', {
    handler: async ({ user, params, access }) => {
      const record = access.require(await findBlockListById(deps, params.id), NOT_FOUND);
      return removeBlockList(deps, user, record);
    },
  });

  contractRoute(app, 'listBlockListHistory', {
    handler: async ({ user, query, access }) => {
      const blockListId = query['block-list-id'];
      if (blockListId !== undefined)
        access.require(await findBlockListById(deps, blockListId), NOT_FOUND);
      return blockListHistory(deps, readScope(user), query);
    },
  });
};
