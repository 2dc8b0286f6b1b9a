import type { FastifyPluginAsync } from 'fastify';
import { webhookEndpointForm } from 'shared/rules';
import { readScope } from '../../authz/index.js';
import { requireCallableUrl } from '../../services/callable-url.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, notFound } from '../../http/http-error.js';
import { toUserAccount } from '../../presenters/user-accounts.js';
import {
  createUserAccount,
  deleteUserAccount,
  findUserAccount,
  listUserAccounts,
} from '../../repositories/user-accounts.js';
import { findUserProfile } from '../../repositories/user-profiles.js';
import {
  newSealedSigningSecret,
  signingSecretOf,
} from '../../services/webhook-endpoint-secrets.js';

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';

/** The Webhook endpoint screen (spec: "user accounts"): list, create (canUserAccount), delete, and each one's signing secret. */
export const userAccountsRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listUserAccounts', {
    handler: async ({ user }) =>
      (await listUserAccounts(app.db, readScope(user))).map((record) =>
        toUserAccount(record, user),
      ),
  });

  contractRoute(app, 'createUserAccount', {
    handler: async ({ user, body, access }) => {
      const problem = webhookEndpointForm.problem(body);
      if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
      const profile = access.require(
        await findUserProfile(app.db, body.userProfileId ?? 0),
        'Profile not found',
      );
      // Events are forwarded to it (outbound/webhook-endpoint.ts): the guard must allow it now, and again on each send.
      await requireCallableUrl(
        app.deps.providers.guard,
        'Webhook endpoint',
        body.url.trim(),
        'url',
        'The webhook endpoint URL',
      );
      const created = await createUserAccount(
        app.db,
        {
          userProfileId: profile.id,
          userId: user.id,
          url: body.url.trim(),
          description: body.description.trim(),
          signingSecretSealed: newSealedSigningSecret(app.deps),
        },
        app.clock.now(),
      );
      return toUserAccount(created, user);
    },
  });

  contractRoute(app, 'deleteUserAccount', {
    handler: async ({ params, access }) => {
      const record = access.require(await findUserAccount(app.db, params.id), ENDPOINT_NOT_FOUND);
      await deleteUserAccount(app.db, record.id);
      return { id: record.id };
    },
  });

  contractRoute(app, 'revealWebhookEndpointSecret', {
    handler: async ({ params, access, reply, request }) => {
      const record = access.require(await findUserAccount(app.db, params.id), ENDPOINT_NOT_FOUND);
      const secret = await signingSecretOf(app.deps, record.id);
      if (secret === undefined) throw notFound(ENDPOINT_NOT_FOUND);
      void reply.header('cache-control', 'no-store');
      request.log.info(
        { userAccountId: record.id, ownerId: record.userId },
        'Webhook endpoint signing secret revealed',
      );
      return { secret };
    },
  });
};
