import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Webhook } from 'shared/contract';
import { listOwners as listHubSpotOwners } from '../../adapters/hubspot/owners.js';
import { listOwners as listSalesforceOwners } from '../../adapters/salesforce/owners.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/http-error.js';
import { mayManage, readsEveryone } from '../../presenters/ownership.js';
import { toWebhookUserAccount } from '../../presenters/user-accounts.js';
import { toWebhook } from '../../presenters/webhooks.js';
import { listUserAccountsOfProfiles, type UserAccountRecord } from '../../repositories/user-accounts.js';
import type { UserRecord } from '../../repositories/users.js';
import { claimWebhookCode, issueWebhookCode } from '../../repositories/webhook-codes.js';
import { deleteWebhook, findWebhook, insertWebhook, listWebhooks, updateWebhook, type WebhookRecord } from '../../repositories/webhooks.js';
import { permissionMessages, requireOwnProfile, requireReadableProfile } from './access.js';
import { resolveWebhookSettings } from './settings.js';

const requireCanWebhook = (user: UserRecord): void => {
  if (!user.canWebhook) throw forbidden(permissionMessages.canWebhook);
};

/** Presents webhooks with their profiles' endpoints (one query for all of them). */
async function present(app: FastifyInstance, viewer: UserRecord, records: WebhookRecord[]): Promise<Webhook[]> {
  const accounts = await listUserAccountsOfProfiles(
    app.db,
    records.map((record) => record.userProfileId),
  );
  const byProfile = new Map<number, UserAccountRecord[]>();
  for (const account of accounts) byProfile.set(account.userProfileId, [...(byProfile.get(account.userProfileId) ?? []), account]);
  return records.map((record) => toWebhook(record, { publicUrl: app.config.publicUrl, viewer, profileAccounts: byProfile.get(record.userProfileId) ?? [] }));
}

async function presentOne(app: FastifyInstance, viewer: UserRecord, id: number): Promise<Webhook> {
  const record = await findWebhook(app.db, id);
  if (!record) throw notFound('Webhook not found');
  const [webhook] = await present(app, viewer, [record]);
  if (!webhook) throw notFound('Webhook not found');
  return webhook;
}

/** A webhook the user may update or delete: their own, or anyone's for admins (spec §6 "All webhooks"). */
async function requireManageableWebhook(app: FastifyInstance, user: UserRecord, id: number, action: 'update' | 'delete'): Promise<WebhookRecord> {
  const record = await findWebhook(app.db, id);
  if (!record) throw notFound('Webhook not found');
  if (!mayManage(user, record.userId)) throw forbidden(`Only its owner or an admin can ${action} this webhook`);
  return record;
}

/** The webhooks screen: list, generate a code, create (canWebhook), update and delete; the forms' owners and endpoints. */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listWebhooks', {
    handler: async ({ user }) => {
      const everyone = readsEveryone(user) ? await listWebhooks(app.db) : [];
      const own = readsEveryone(user) ? everyone.filter((record) => record.userId === user.id) : await listWebhooks(app.db, user.id);
      const [webhooks, allWebhooks] = await Promise.all([present(app, user, own), present(app, user, everyone)]);
      return { webhooks, allWebhooks };
    },
  });

  contractRoute(app, 'generateWebhookCode', {
    authorize: requireCanWebhook,
    handler: async ({ user, reply }) => {
      void reply.type('text/plain; charset=utf-8');
      return issueWebhookCode(app.db, user.id);
    },
  });

  contractRoute(app, 'createWebhook', {
    authorize: requireCanWebhook,
    handler: async ({ user, body }) => {
      if (body.userProfileId === null) throw badRequest('Select Profile', { userProfileId: 'Select Profile' });
      const profile = await requireOwnProfile(app, user, body.userProfileId);
      const { settings, endpoints } = await resolveWebhookSettings(app, {
        crm: profile.crm,
        ownerUserId: profile.userId,
        mode: 'create',
        values: body,
        selectedOwner: body.selectedOwner,
      });
      const id = await app.db.transaction().execute(async (trx) => {
        const claim = await claimWebhookCode(trx, body.code, user.id);
        if (claim === 'unknown') throw badRequest('Unknown webhook code: generate a new webhook URL and try again', { code: 'Unknown webhook code' });
        if (claim === 'used') throw conflict('This webhook code is already used by another webhook: generate a new webhook URL and try again');
        return insertWebhook(trx, { userProfileId: profile.id, userId: profile.userId, code: body.code, settings, endpoints });
      });
      return presentOne(app, user, id);
    },
  });

  contractRoute(app, 'updateWebhook', {
    handler: async ({ user, params, body }) => {
      const record = await requireManageableWebhook(app, user, params.id, 'update');
      if (body.userProfileId !== undefined && body.userProfileId !== null && body.userProfileId !== record.userProfileId) {
        throw badRequest("A webhook's profile cannot be changed: create a new webhook for the other profile", { userProfileId: 'Cannot be changed' });
      }
      if (body.code !== undefined && body.code !== record.code) throw badRequest("A webhook's code cannot be changed", { code: 'Cannot be changed' });
      const selectedOwner = body.selectedOwner === undefined ? { ...record.owner, name: `${record.owner.firstName} ${record.owner.lastName}`.trim() } : body.selectedOwner;
      const { settings, endpoints } = await resolveWebhookSettings(app, { crm: record.profile.crm, ownerUserId: record.userId, mode: 'update', values: { ...body, selectedOwner }, selectedOwner });
      if (!(await updateWebhook(app.db, record.id, settings, endpoints))) throw notFound('Webhook not found');
      return presentOne(app, user, record.id);
    },
  });

  contractRoute(app, 'deleteWebhook', {
    handler: async ({ user, params }) => {
      const record = await requireManageableWebhook(app, user, params.id, 'delete');
      await deleteWebhook(app.db, record.id);
      return { id: record.id, ownerDetails: { firstName: record.owner.firstName, lastName: record.owner.lastName, email: record.owner.email } };
    },
  });

  contractRoute(app, 'getHubspotOwnersAndUserAccounts', {
    handler: async ({ user, params }) => {
      const profile = await requireReadableProfile(app, user, params.userId);
      if (profile.crm !== 'HUBSPOT') throw badRequest('This profile is not a HubSpot connection', { userId: 'Not a HubSpot profile' });
      const owners = await listHubSpotOwners(app, profile);
      const userAccounts = await listUserAccountsOfProfiles(app.db, [profile.id]);
      return { owners, userAccounts: userAccounts.map(toWebhookUserAccount) };
    },
  });

  contractRoute(app, 'getSalesforceUserAccounts', {
    handler: async ({ user, params }) => {
      const profile = await requireReadableProfile(app, user, params.userId);
      if (profile.crm !== 'SALESFORCE') throw badRequest('This profile is not a Salesforce connection', { userId: 'Not a Salesforce profile' });
      const owners = await listSalesforceOwners(app, profile);
      const userAccounts = await listUserAccountsOfProfiles(app.db, [profile.id]);
      return { userAccounts: userAccounts.map(toWebhookUserAccount), owners };
    },
  });
};
