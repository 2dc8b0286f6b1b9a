import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { sfErrors } from './errors.js';
import type { SalesforceState } from './state.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The org's daily API allocation: every authenticated REST call counts, every answer says how much is
 * used in `Sforce-Limit-Info: api-usage=N/M`, and once the day's allocation is used up the calls are
 * refused with 403 REQUEST_LIMIT_EXCEEDED until the next (UTC) day.
 */
export function addApiAllocation(
  app: FastifyInstance,
  ctx: ProviderContext<SalesforceState>,
): void {
  app.addHook('preHandler', async (_request, reply) => {
    const allowed = ctx.config.salesforce.dailyApiRequests;
    const day = Math.floor(ctx.now() / DAY_MS);
    const usage = ctx.state.apiUsage;
    if (usage.day !== day) Object.assign(usage, { day, used: 0 });
    if (usage.used >= allowed) {
      return reply
        .code(403)
        .header('sforce-limit-info', `api-usage=${usage.used}/${allowed}`)
        .send(sfErrors('REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.'));
    }
    usage.used += 1;
    reply.header('sforce-limit-info', `api-usage=${usage.used}/${allowed}`);
    return undefined;
  });
}
