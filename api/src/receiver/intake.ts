import { normaliseEvent, type InternalEvent, type NormaliseProblem } from 'shared/events';
import type { Deps } from '../deps.js';
import type { JobQueue, OutgoingJob, SendOptions } from '../jobs/job-queue.js';
import { findIntakeWebhook, findUsedCodeOwner, insertDeliveries, insertWebhookEvent, insertWebhookEvents, type IntakeWebhook, type NewWebhookEvent } from '../repositories/webhook-events.js';
import { eventJobs } from './intake-jobs.js';
import { intakeMessages } from './intake-messages.js';
import { leadKeyOf } from './lead-key.js';

export interface ReceivedPost {
  code: string;
  /** The request path, kept on the log row. */
  path: string;
  /** The body as received; undefined when there was none. */
  rawBody: string | undefined;
  headers: Record<string, string>;
}

export type IntakeResult =
  | { kind: 'accepted'; logId: number; duplicate: boolean; webhook: IntakeWebhook; event: InternalEvent | null; deliveryIds: number[] }
  | { kind: 'unknown' }
  | { kind: 'refused'; status: 403 | 410; message: string; logId: number }
  | { kind: 'invalid'; message: string; logId: number | null };

/** The queue options of the jobs an event makes (the forward job's own schedule decides its retries). */
export interface IntakeJobOptions {
  process: SendOptions;
  forward: SendOptions;
}

/** Smartlead's LEAD_CATEGORY_UPDATED carries the lead's whole history: bodies up to 5 MB are taken. */
export const WEBHOOK_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export const webhookUrlOf = (deps: Deps, code: string): string => `${deps.config.publicUrl}/webhooks/${code}`;

/** How an api process takes posts: webhooks looked up through its short cache, events stored through its group commit. */
export interface IntakeWays {
  findWebhook?: (code: string) => Promise<IntakeWebhook | undefined>;
  store?: (pending: PendingEvent) => Promise<AcceptedEvent>;
}

/** A payload the product cannot read at all (400) rather than one it keeps and shows with an error. */
const unreadable = (problem: NormaliseProblem): boolean => problem.kind === 'not-an-object';

const problemText = (problem: NormaliseProblem): string => (problem.issues.length > 0 ? `${problem.message}: ${problem.issues.join('; ')}` : problem.message);

function parseBody(rawBody: string | undefined): { ok: true; value: unknown } | { ok: false; message: string } {
  if (rawBody === undefined || rawBody.trim() === '') return { ok: false, message: intakeMessages.empty };
  try {
    return { ok: true, value: JSON.parse(rawBody) };
  } catch (error) {
    return { ok: false, message: intakeMessages.notJson(error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * Takes one post to a webhook URL: the event is stored (raw body, headers, webhook, time, dedupe key)
 * with its processing job and one forwarding job per matching endpoint in one transaction, before
 * the platform gets its answer. A copy of an event already stored is counted on its row and makes no
 * jobs. Refused and unreadable posts are stored as log rows their owner can see, with no jobs.
 * `test` posts (the test URL) skip deduplication: the caller runs their jobs at once.
 */
export async function takeWebhookPost(deps: Deps, queue: JobQueue, post: ReceivedPost, options: IntakeJobOptions & { test?: boolean }, how: IntakeWays = {}): Promise<IntakeResult> {
  const store = how.store ?? ((pending: PendingEvent) => storeEvents(deps, queue, [pending], options).then(([stored]) => stored!));
  const receivedAt = deps.clock.now().toISOString();
  const webhookUrl = webhookUrlOf(deps, post.code);
  const webhook = await (how.findWebhook ?? ((code: string) => findIntakeWebhook(deps.db, code)))(post.code);
  const base = { webhookUrl, path: post.path, headers: post.headers, receivedAt, isTest: options.test === true, dedupeKey: null, event: null, leadKey: null } as const;

  if (webhook === undefined) {
    const ownerId = await findUsedCodeOwner(deps.db, post.code);
    if (ownerId === undefined) return { kind: 'unknown' };
    const row: NewWebhookEvent = {
      ...base,
      userId: ownerId,
      userProfileId: null,
      webhookId: null,
      hubId: null,
      platform: null,
      state: 'refused',
      rawBody: post.rawBody ?? null,
      errors: [intakeMessages.deleted],
    };
    const { id } = await insertWebhookEvent(deps.db, row);
    return { kind: 'refused', status: 410, message: intakeMessages.deleted, logId: id };
  }

  const ofWebhook = { ...base, userId: webhook.userId, userProfileId: webhook.userProfileId, webhookId: webhook.id, hubId: webhook.hubId, platform: webhook.platform, rawBody: post.rawBody ?? null };
  if (!webhook.ownerCanWebhook) {
    const { id } = await insertWebhookEvent(deps.db, { ...ofWebhook, state: 'refused', errors: [intakeMessages.noPermission] });
    return { kind: 'refused', status: 403, message: intakeMessages.noPermission, logId: id };
  }

  const parsed = parseBody(post.rawBody);
  if (!parsed.ok) {
    const { id } = await insertWebhookEvent(deps.db, { ...ofWebhook, state: 'invalid', errors: [parsed.message] });
    return { kind: 'invalid', message: parsed.message, logId: id };
  }
  const normalised = normaliseEvent(webhook.platform, parsed.value);
  if (!normalised.ok && unreadable(normalised.problem)) {
    const message = problemText(normalised.problem);
    const { id } = await insertWebhookEvent(deps.db, { ...ofWebhook, state: 'invalid', errors: [message] });
    return { kind: 'invalid', message, logId: id };
  }
  if (!normalised.ok) {
    // valid JSON the normaliser cannot place: kept and shown with the reason, nothing to run
    const { id } = await insertWebhookEvent(deps.db, { ...ofWebhook, state: 'failed', errors: [problemText(normalised.problem)] });
    return { kind: 'accepted', logId: id, duplicate: false, webhook, event: null, deliveryIds: [] };
  }

  const event = normalised.event;
  return store({
    row: { ...ofWebhook, state: 'queued', dedupeKey: options.test === true ? null : event.dedupeKey, event, leadKey: leadKeyOf(webhook.userProfileId, event), errors: [] },
    webhook,
    event,
    endpoints: webhook.endpoints.filter((endpoint) => event.eventType !== null && endpoint.eventTypes.includes(event.eventType)),
    test: options.test === true,
  });
}

/** An event ready to store: its row, and the endpoints it goes to. */
export interface PendingEvent {
  row: NewWebhookEvent & { event: InternalEvent; leadKey: string };
  webhook: IntakeWebhook;
  event: InternalEvent;
  endpoints: IntakeWebhook['endpoints'];
  /** A test post: no jobs (the caller runs the pipeline at once). */
  test: boolean;
}

export type AcceptedEvent = Extract<IntakeResult, { kind: 'accepted' }>;

/**
 * Stores events with their jobs in one transaction: each exists, with its jobs, once the transaction
 * commits. Several posts share one commit under load (see event-writer.ts), and their rows, deliveries
 * and jobs go in one statement each. Jobs are sent in the events' order, so one lead's run in it.
 */
export function storeEvents(deps: Deps, queue: JobQueue, pendings: readonly PendingEvent[], options: IntakeJobOptions): Promise<AcceptedEvent[]> {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await insertWebhookEvents(
      trx,
      pendings.map((pending) => pending.row),
    );
    const deliveryIds = await insertDeliveries(
      trx,
      pendings.map((pending, index) => ({ logId: rows[index]!.id, webhookId: pending.webhook.id, endpoints: rows[index]!.duplicate ? [] : pending.endpoints })),
      deps.clock.now().toISOString(),
    );
    const jobs = pendings.flatMap((pending, index): OutgoingJob[] => {
      const { id, duplicate } = rows[index]!;
      return duplicate || pending.test ? [] : eventJobs(id, pending.row.leadKey, deliveryIds[index]!, options);
    });
    await queue.sendMany(jobs, trx);
    return pendings.map(({ webhook, event }, index) => ({ kind: 'accepted', logId: rows[index]!.id, duplicate: rows[index]!.duplicate, webhook, event, deliveryIds: deliveryIds[index]! }));
  });
}
