import type { FastifyPluginAsync } from 'fastify';
import { webhookEndpointForm } from 'shared/rules';
import { requireCallableUrl } from '../../http/callable-url.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, forbidden, notFound } from '../../http/http-error.js';
import { mayManage, readsEveryone } from '../../presenters/ownership.js';
import { toUserAccount } from '../../presenters/user-accounts.js';
import { createUserAccount, deleteUserAccount, findUserAccount, listUserAccounts } from '../../repositories/user-accounts.js';
import { permissionMessages, requireOwnProfile } from '../webhooks/access.js';

/** The Webhook endpoint screen (spec: "user accounts"): list, create (canUserAccount), delete. */
export const userAccountsRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listUserAccounts', {
    handler: async ({ user }) => {
      const records = await listUserAccounts(app.db, readsEveryone(user) ? undefined : user.id);
      return records.map((record) => toUserAccount(record, user));
    },
  });

  contractRoute(app, 'createUserAccount', {
    authorize: (user) => {
      if (!user.canUserAccount) throw forbidden(permissionMessages.canUserAccount);
    },
    handler: async ({ user, body }) => {
      const problem = webhookEndpointForm.problem(body);
      if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
      // Events are forwarded to it (outbound/webhook-endpoint.ts): the guard must allow it now, and again on each send.
      await requireCallableUrl(app.config.providers.guard, 'Webhook endpoint', body.url.trim(), 'url', 'The webhook endpoint URL');
      const profileId = body.userProfileId ?? 0;
      await requireOwnProfile(app, user, profileId);
      const created = await createUserAccount(app.db, { userProfileId: profileId, userId: user.id, url: body.url.trim(), description: body.description.trim() });
      return toUserAccount(created, user);
    },
  });

  contractRoute(app, 'deleteUserAccount', {
    handler: async ({ user, params }) => {
      const record = await findUserAccount(app.db, params.id);
      if (!record) throw notFound('Webhook endpoint not found');
      if (!mayManage(user, record.userId)) throw forbidden('Only its owner or an admin can delete this webhook endpoint');
      await deleteUserAccount(app.db, record.id);
      return { id: record.id };
    },
  });
};
