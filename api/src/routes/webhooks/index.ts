import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Webhook } from 'shared/contract';
import { listOwners as listHubSpotOwners } from '../../adapters/hubspot/owners.js';
import { listOwners as listSalesforceOwners } from '../../adapters/salesforce/owners.js';
import { readScope } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, notFound } from '../../http/http-error.js';
import { toWebhookUserAccount } from '../../presenters/user-accounts.js';
import { toWebhook } from '../../presenters/webhooks.js';
import { intakeJobOptions } from '../../receiver/job-options.js';
import { replayDeadDeliveriesOf } from '../../receiver/replay.js';
import {
  listUserAccountsOfProfiles,
  type UserAccountRecord,
} from '../../repositories/user-accounts.js';
import { findUserProfile } from '../../repositories/user-profiles.js';
import type { UserRecord } from '../../repositories/users.js';
import { issueWebhookCode } from '../../repositories/webhook-codes.js';
import { lastEventsOf } from '../../repositories/webhook-logs.js';
import {
  deleteWebhook,
  findWebhook,
  listWebhooks,
  type WebhookRecord,
} from '../../repositories/webhooks.js';
import { registerWebhookOnPlatform } from '../../services/webhook-registration.js';
import { createWebhook, updateWebhook } from '../../services/webhooks.js';

const NOT_FOUND = 'Webhook not found';

/** Presents webhooks with their profiles' endpoints and their newest events (one query each for all of them). */
async function present(
  app: FastifyInstance,
  viewer: UserRecord,
  records: WebhookRecord[],
): Promise<Webhook[]> {
  const [accounts, lastEvents] = await Promise.all([
    listUserAccountsOfProfiles(
      app.db,
      records.map((record) => record.userProfileId),
    ),
    lastEventsOf(
      app.db,
      records.map((record) => record.id),
    ),
  ]);
  const byProfile = new Map<number, UserAccountRecord[]>();
  for (const account of accounts)
    byProfile.set(account.userProfileId, [
      ...(byProfile.get(account.userProfileId) ?? []),
      account,
    ]);
  return records.map((record) =>
    toWebhook(record, {
      publicUrl: app.config.publicUrl,
      viewer,
      profileAccounts: byProfile.get(record.userProfileId) ?? [],
      lastEvent: lastEvents.get(record.id),
    }),
  );
}

async function presentOne(app: FastifyInstance, viewer: UserRecord, id: number): Promise<Webhook> {
  const record = await findWebhook(app.db, id);
  if (!record) throw notFound(NOT_FOUND);
  const [webhook] = await present(app, viewer, [record]);
  if (!webhook) throw notFound(NOT_FOUND);
  return webhook;
}

/** The webhooks screen: list, generate a code, create (canWebhook), update and delete; the forms' owners and endpoints. */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listWebhooks', {
    handler: async ({ user }) => {
      const scope = readScope(user);
      const listed = await present(app, user, await listWebhooks(app.db, scope));
      // a manager's or admin's list is the organization's: their own are among them
      if (scope.kind !== 'organization') return { webhooks: listed, allWebhooks: [] };
      return {
        webhooks: listed.filter((webhook) => webhook.addedBy.id === user.id),
        allWebhooks: listed,
      };
    },
  });

  contractRoute(app, 'generateWebhookCode', {
    handler: async ({ user, reply }) => {
      void reply.type('text/plain; charset=utf-8');
      return issueWebhookCode(app.db, user.id, app.clock.now());
    },
  });

  contractRoute(app, 'createWebhook', {
    handler: async ({ user, body, access }) => {
      if (body.userProfileId === null)
        throw badRequest('Select Profile', { userProfileId: 'Select Profile' });
      const profile = access.require(
        await findUserProfile(app.db, body.userProfileId),
        'Profile not found',
      );
      const id = await createWebhook(deps, {
        profile,
        creatorId: user.id,
        code: body.code,
        values: body,
      });
      return presentOne(app, user, id);
    },
  });

  contractRoute(app, 'updateWebhook', {
    handler: async ({ user, params, body, access }) => {
      const record = access.require(await findWebhook(app.db, params.id), NOT_FOUND);
      await updateWebhook(deps, record, body);
      return presentOne(app, user, record.id);
    },
  });

  contractRoute(app, 'deleteWebhook', {
    handler: async ({ params, access }) => {
      const record = access.require(await findWebhook(app.db, params.id), NOT_FOUND);
      await deleteWebhook(app.db, record.id);
      return {
        id: record.id,
        ownerDetails: {
          firstName: record.owner.firstName,
          lastName: record.owner.lastName,
          email: record.owner.email,
        },
      };
    },
  });

  contractRoute(app, 'registerWebhookOnPlatform', {
    handler: async ({ params, body, access }) =>
      registerWebhookOnPlatform(
        deps,
        access.require(await findWebhook(app.db, params.id), NOT_FOUND),
        { again: body?.again ?? false },
      ),
  });

  contractRoute(app, 'replayDeadDeliveries', {
    handler: async ({ params, access }) => {
      const record = access.require(await findWebhook(app.db, params.id), NOT_FOUND);
      return {
        deliveries: await replayDeadDeliveriesOf(
          deps,
          app.queue,
          record.id,
          intakeJobOptions(app.config),
        ),
      };
    },
  });

  contractRoute(app, 'getHubspotOwnersAndUserAccounts', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findUserProfile(app.db, params.userId),
        'Profile not found',
      );
      if (profile.crm !== 'HUBSPOT')
        throw badRequest('This profile is not a HubSpot connection', {
          userId: 'Not a HubSpot profile',
        });
      const owners = await listHubSpotOwners(deps, profile);
      const userAccounts = await listUserAccountsOfProfiles(app.db, [profile.id]);
      return { owners, userAccounts: userAccounts.map(toWebhookUserAccount) };
    },
  });

  contractRoute(app, 'getSalesforceUserAccounts', {
    handler: async ({ params, access }) => {
      const profile = access.require(
        await findUserProfile(app.db, params.userId),
        'Profile not found',
      );
      if (profile.crm !== 'SALESFORCE')
        throw badRequest('This profile is not a Salesforce connection', {
          userId: 'Not a Salesforce profile',
        });
      const owners = await listSalesforceOwners(deps, profile);
      const userAccounts = await listUserAccountsOfProfiles(app.db, [profile.id]);
      return { userAccounts: userAccounts.map(toWebhookUserAccount), owners };
    },
  });
};
