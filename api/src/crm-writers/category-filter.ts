import type { InternalEvent } from 'shared/events';
import type { CategoryFilterAction } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { PROCESS_EVENT, type ProcessEventJob } from '../jobs/job-names.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { intakeJobOptions } from '../receiver/job-options.js';
import type { EventStep } from '../receiver/process-event.js';
import { insertCategoryBaseFilterLog } from '../repositories/category-base-filter-logs.js';
import { eventOfRow, setAsideEvents, type StoredEvent } from '../repositories/webhook-logs.js';
import { writeJson } from '../repositories/json-text.js';
import type { WebhookRecord } from '../repositories/webhooks.js';
import { categoryDecision } from './category-rule.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const names = (webhook: Pick<WebhookRecord, 'smartleadBaseCategories'>) =>
  webhook.smartleadBaseCategories.map((category) => category.name);

export const categoryFilterMessages = {
  held: (categories: string[]) =>
    `Held by the category-based filter until the lead gets one of the webhook's categories (${categories.join(', ')})`,
  dropped: (category: string) =>
    `The lead's category "${category}" is not one of the webhook's categories: not written to the CRM`,
  allowed: (category: string, released: number) =>
    `The lead's category "${category}" is allowed${released > 0 ? `: ${released} held event${released === 1 ? '' : 's'} released` : ''}`,
  expired: (days: number) =>
    `Held ${days} days without the lead getting one of the webhook's categories: expired, not written to the CRM`,
} as const;

/** The platform's id of the lead, as the log's lead_id shows it (else its email or profile URL). */
const leadIdOf = (event: InternalEvent): string | null =>
  event.platformIds.lead_id ??
  event.platformIds.sl_email_lead_id ??
  event.platformIds['lead.id'] ??
  event.lead.email ??
  event.lead.profileUrl ??
  null;

/** The spec's dto of a log row: the fields the event log shows. */
const dtoOf = (event: InternalEvent) => ({
  subject: event.message.subject,
  to_email: event.lead.email ?? event.lead.profileUrl,
  from_email: event.sender.email ?? event.sender.profileUrl,
  event_type: event.platformEventType,
});

interface LogTarget {
  logId: number;
  userId: number;
  webhookId: number | null;
  webhookUrl: string | null;
  leadKey: string | null;
  event: InternalEvent;
}

async function writeLog(
  deps: Deps,
  target: LogTarget,
  categories: string[],
  action: CategoryFilterAction,
  extra: { categoryName?: string | null; sentAt?: string | null } = {},
) {
  await insertCategoryBaseFilterLog(deps.db, {
    userId: target.userId,
    webhookId: target.webhookId,
    webhookUrl: target.webhookUrl,
    webhookEvent: target.event.eventType ?? target.event.platformEventType,
    campaignId: target.event.campaign.id,
    leadId: leadIdOf(target.event),
    smartleadBaseCategories: categories,
    categoryName: extra.categoryName ?? null,
    dto: dtoOf(target.event),
    createdAt: deps.clock.now().toISOString(),
    sentAt: extra.sentAt ?? null,
    action,
    webhookLogId: target.logId,
    leadKey: target.leadKey,
  });
}

/** Same campaign, or either side without one (a category event of the lead in no campaign speaks for all of them). */
const sameCampaign = (a: string | null, b: string | null) => a === null || b === null || a === b;

/** Whether the lead's latest category decision in this webhook (and campaign) allowed it. */
async function leadAllowed(
  deps: Deps,
  webhookId: number,
  leadKey: string,
  campaignId: string | null,
): Promise<boolean> {
  const decisions = await deps.db
    .selectFrom('category_base_filter_logs')
    .select(['action', 'campaign_id'])
    .where('webhook_id', '=', webhookId)
    .where('lead_key', '=', leadKey)
    .where('action', 'in', ['allowed', 'dropped'])
    .orderBy('id', 'desc')
    .execute();
  const latest = decisions.find((decision) => sameCampaign(decision.campaign_id, campaignId));
  return latest?.action === 'allowed';
}

export interface CategoryFilterResult {
  /** The event is held: the log row's message. */
  hold?: string;
  /** The event is not written: this step says why. */
  drop?: EventStep;
  /** After the event is written: record the allowed category and send the lead's held events on; the step to show. */
  release?: (queue: JobQueue | undefined) => Promise<EventStep>;
}

/**
 * The category-based filter in the process-event job: decides with categoryDecision and records every
 * hold, drop and allow in category_base_filter_logs. The lead is the receiver's lead key (the lead within
 * the CRM profile) within the webhook and the event's campaign.
 */
export async function applyCategoryFilter(
  deps: Deps,
  { stored, event, webhook }: { stored: StoredEvent; event: InternalEvent; webhook: WebhookRecord },
): Promise<CategoryFilterResult> {
  if (webhook.smartleadBaseCategories.length === 0) return {};
  const row = await deps.db
    .selectFrom('webhook_logs')
    .select(['lead_key', 'webhook_url'])
    .where('id', '=', stored.id)
    .executeTakeFirst();
  const leadKey = row?.lead_key ?? null;
  const target: LogTarget = {
    logId: stored.id,
    userId: stored.userId,
    webhookId: webhook.id,
    webhookUrl: row?.webhook_url ?? null,
    leadKey,
    event,
  };
  const categories = names(webhook);
  const allowedBefore =
    leadKey === null ? false : await leadAllowed(deps, webhook.id, leadKey, event.campaign.id);
  const decision = categoryDecision({
    allowed: webhook.smartleadBaseCategories,
    event,
    leadAllowed: allowedBefore,
  });
  switch (decision.kind) {
    case 'pass':
      return {};
    case 'hold':
      await writeLog(deps, target, categories, 'held');
      return { hold: categoryFilterMessages.held(categories) };
    case 'drop':
      await writeLog(deps, target, categories, 'dropped', { categoryName: decision.category });
      return {
        drop: {
          name: 'category-based filter',
          ok: true,
          skipped: categoryFilterMessages.dropped(decision.category),
        },
      };
    case 'release':
      return {
        release: async (queue) => {
          const at = deps.clock.now().toISOString();
          await writeLog(deps, target, categories, 'allowed', {
            categoryName: decision.category,
            sentAt: at,
          });
          const released =
            leadKey === null
              ? 0
              : await releaseHeldEvents(deps, queue, {
                  webhookId: webhook.id,
                  leadKey,
                  campaignId: event.campaign.id,
                  category: decision.category,
                  categories,
                });
          return {
            name: 'category-based filter',
            ok: true,
            skipped: categoryFilterMessages.allowed(decision.category, released),
          };
        },
      };
  }
}

/** The held events of a lead in a webhook (and campaign), in arrival order. */
async function heldEventsOf(deps: Deps, webhookId: number, leadKey: string) {
  return deps.db
    .selectFrom('webhook_logs')
    .select([
      'id',
      'user_id',
      'webhook_id',
      'webhook_url',
      'lead_key',
      'platform',
      'state',
      'raw_body',
    ])
    .where('webhook_id', '=', webhookId)
    .where('lead_key', '=', leadKey)
    .where('state', '=', 'held')
    .where(setAsideEvents)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

const heldCount = async (deps: Deps, logId: number): Promise<number> => {
  const row = await deps.db
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('webhook_log_id', '=', logId)
    .where('outcome', '=', 'held')
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/**
 * Sends the lead's held events on: one process-event job each, in arrival order, with the lead's ordering
 * key (so they run one by one after the category event), keyed `event:{id}:release:{n}`; each release
 * logged with the category and its time. Answers how many were released.
 */
async function releaseHeldEvents(
  deps: Deps,
  queue: JobQueue | undefined,
  lead: {
    webhookId: number;
    leadKey: string;
    campaignId: string | null;
    category: string;
    categories: string[];
  },
): Promise<number> {
  const held = (await heldEventsOf(deps, lead.webhookId, lead.leadKey))
    .map((row) => ({ ...row, parsed: eventOfRow(row) }))
    .filter((row) => row.parsed !== null && sameCampaign(row.parsed.campaign.id, lead.campaignId));
  if (held.length === 0) return 0;
  if (queue === undefined)
    throw new Error('The category-based filter has no job queue to release held events with');
  const options = intakeJobOptions(deps.config).process;
  for (const row of held) {
    const n = await heldCount(deps, row.id);
    await queue.send<ProcessEventJob>(
      PROCESS_EVENT,
      { logId: row.id },
      {
        ...options,
        key: `event:${row.id}:release:${n}`,
        ...(row.lead_key === null ? {} : { orderingKey: row.lead_key }),
      },
    );
    await deps.db
      .updateTable('webhook_logs')
      .set({ state: 'queued', results: writeJson({ errors: [] }) })
      .where('id', '=', row.id)
      .where('state', '=', 'held')
      .execute();
    const target: LogTarget = {
      logId: row.id,
      userId: row.user_id,
      webhookId: row.webhook_id,
      webhookUrl: row.webhook_url,
      leadKey: row.lead_key,
      event: row.parsed!,
    };
    await writeLog(deps, target, lead.categories, 'released', {
      categoryName: lead.category,
      sentAt: deps.clock.now().toISOString(),
    });
  }
  queue.wake(PROCESS_EVENT);
  return held.length;
}

/**
 * Held events older than HELD_EVENT_DAYS expire: state 'expired' with the reason, processed (never
 * written), and an expiry row in the filter's log. Run by the hourly retention job, before old events
 * are deleted. Answers how many expired.
 */
export async function expireHeldEvents(deps: Deps, batchSize = 500): Promise<number> {
  const days = deps.config.receiver.heldEventDays;
  const before = new Date(deps.clock.now().getTime() - days * DAY_MS).toISOString();
  const message = categoryFilterMessages.expired(days);
  let total = 0;
  for (;;) {
    const rows = await deps.db
      .selectFrom('webhook_logs')
      .select([
        'id',
        'user_id',
        'webhook_id',
        'webhook_url',
        'lead_key',
        'platform',
        'state',
        'raw_body',
      ])
      .where('state', '=', 'held')
      .where(setAsideEvents)
      .where('created_at', '<', before)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return total;
    for (const row of rows) {
      const at = deps.clock.now().toISOString();
      await deps.db
        .updateTable('webhook_logs')
        .set({ state: 'expired', results: writeJson({ errors: [message] }), processed_at: at })
        .where('id', '=', row.id)
        .where('state', '=', 'held')
        .execute();
      const webhook =
        row.webhook_id === null
          ? undefined
          : await deps.db
              .selectFrom('webhooks')
              .select('smartlead_base_categories')
              .where('id', '=', row.webhook_id)
              .executeTakeFirst();
      const categories = webhook
        ? (JSON.parse(webhook.smartlead_base_categories) as { name: string }[]).map(
            (category) => category.name,
          )
        : [];
      const event = eventOfRow(row);
      if (event !== null) {
        await writeLog(
          deps,
          {
            logId: row.id,
            userId: row.user_id,
            webhookId: row.webhook_id,
            webhookUrl: row.webhook_url,
            leadKey: row.lead_key,
            event,
          },
          categories,
          'expired',
        );
      }
      total += 1;
    }
  }
}
