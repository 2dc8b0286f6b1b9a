import { normaliseEvent, type InternalEvent, type NormaliseProblem } from 'shared/events';
import type { Platform } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { SendOptions } from '../jobs/job-queue.js';
import {
  findIntakeWebhook,
  findUsedCodeOwner,
  type IntakeWebhook,
  type NewWebhookEvent,
} from '../repositories/webhook-events.js';
import type { IntakeStore } from './intake-store.js';
import { intakeMessages } from './intake-messages.js';
import { leadKeyOf } from './lead-key.js';
import { oneEndpointPerDestination } from './destinations.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import { refusedBodyRow } from './refused-body.js';
import { carriesSecretKey, requiredSecretKeyOf } from './secret-key-check.js';
import { redactedBody } from './secret-key-redaction.js';

export interface ReceivedPost {
  code: string;
  /** The request path, kept on the log row. */
  path: string;
  /** The body as received; undefined when there was none. */
  rawBody: string | undefined;
  headers: Record<string, string>;
}

export type IntakeResult = AcceptedEvent | { kind: 'unknown' } | RefusedPost | InvalidPost;

/** A post not taken (403, 410): kept as a log row its owner sees, with no jobs. */
export interface RefusedPost {
  kind: 'refused';
  status: 403 | 410;
  message: string;
  logId: number;
}

/** A post stored: a new event (with its jobs), a copy counted on its stored row, or, when not `placed`, valid JSON kept with the reason the normaliser could not place it. */
export interface AcceptedEvent {
  kind: 'accepted';
  logId: number;
  duplicate: boolean;
  /** Whether the normaliser read an event: only then is there anything to process. */
  placed: boolean;
  deliveryIds: number[];
}

/** A body that is no event at all (400): kept as a log row its owner sees. */
export interface InvalidPost {
  kind: 'invalid';
  message: string;
  logId: number | null;
}

/** The queue options of the jobs an event makes (the forward job's own schedule decides its retries). */
export interface IntakeJobOptions {
  process: SendOptions;
  forward: SendOptions;
  /** The job that sends an intake commit's event jobs, on PostgreSQL (SEND_EVENT_JOBS). */
  sendEventJobs: SendOptions;
}

/** Smartlead's LEAD_CATEGORY_UPDATED carries the lead's whole history: bodies up to 5 MB are taken. */
export const WEBHOOK_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export const webhookUrlOf = (deps: Deps, code: string): string =>
  `${deps.config.publicUrl}/webhooks/${code}`;

/** How an api process takes posts: webhooks looked up through its short cache, the posts to live webhooks read and stored through its group commit or its intake thread. */
export interface IntakeWays {
  findWebhook?: (code: string) => Promise<IntakeWebhook | undefined>;
  takeKnown?: (known: KnownPost) => Promise<KnownPostResult>;
}

/** A post to a webhook that takes it (live, its owner may post): what the intake thread is sent. */
export interface KnownPost {
  webhook: IntakeWebhook;
  post: ReceivedPost;
  webhookUrl: string;
  receivedAt: string;
  test: boolean;
  /** The Smartlead secret key the post's `secret_key` must be (opened here: the intake thread has no secret box); null: none. */
  requiredSecretKey: string | null;
}

export type KnownPostResult = AcceptedEvent | InvalidPost | RefusedPost;

/** A payload the product cannot read at all (400) rather than one it keeps and shows with an error. */
const unreadable = (problem: NormaliseProblem): boolean => problem.kind === 'not-an-object';

const problemText = (problem: NormaliseProblem): string =>
  problem.issues.length > 0 ? `${problem.message}: ${problem.issues.join('; ')}` : problem.message;

function parseBody(
  rawBody: string | undefined,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (rawBody === undefined || rawBody.trim() === '')
    return { ok: false, message: intakeMessages.empty };
  // before JSON.parse: a body nested thousands deep takes seconds to parse on the intake's one thread
  if (nestsDeeperThan(rawBody))
    return { ok: false, message: intakeMessages.tooDeep(MAX_JSON_DEPTH) };
  try {
    return { ok: true, value: JSON.parse(rawBody) };
  } catch (error) {
    return {
      ok: false,
      message: intakeMessages.notJson(error instanceof Error ? error.message : String(error)),
    };
  }
}

/**
 * Takes one post to a webhook URL: the event is stored (raw body, headers, webhook, time, dedupe key)
 * with its processing job and one forwarding job per matching endpoint in one transaction, before
 * the platform gets its answer (intake-store.ts). A copy of an event already stored is counted on its
 * row and makes no jobs. Refused and unreadable posts are stored as log rows their owner can see, with
 * no jobs. `test` posts (the test URL) skip deduplication: the caller runs their jobs at once.
 */
export async function takeWebhookPost(
  deps: Deps,
  store: IntakeStore,
  post: ReceivedPost,
  options: { test?: boolean } = {},
  how: IntakeWays = {},
): Promise<IntakeResult> {
  const receivedAt = deps.clock.now().toISOString();
  const webhookUrl = webhookUrlOf(deps, post.code);
  const webhook = await (how.findWebhook ?? ((code: string) => findIntakeWebhook(deps.db, code)))(
    post.code,
  );
  const base = {
    webhookUrl,
    path: post.path,
    headers: post.headers,
    receivedAt,
    isTest: options.test === true,
    dedupeKey: null,
    event: null,
    leadKey: null,
  } as const;

  if (webhook === undefined) {
    const ownerId = await findUsedCodeOwner(deps.db, post.code);
    if (ownerId === undefined) return { kind: 'unknown' };
    const logId = await store.storeRow({
      ...base,
      userId: ownerId,
      userProfileId: null,
      webhookId: null,
      hubId: null,
      platform: null,
      state: 'refused',
      ...refusedBodyRow(post.rawBody, [intakeMessages.deleted], null),
    });
    return { kind: 'refused', status: 410, message: intakeMessages.deleted, logId };
  }

  if (!webhook.ownerCanWebhook) {
    const logId = await store.storeRow({
      ...base,
      userId: webhook.userId,
      userProfileId: webhook.userProfileId,
      webhookId: webhook.id,
      hubId: webhook.hubId,
      platform: webhook.platform,
      state: 'refused',
      ...refusedBodyRow(post.rawBody, [intakeMessages.noPermission], webhook.platform),
    });
    return { kind: 'refused', status: 403, message: intakeMessages.noPermission, logId };
  }

  const test = options.test === true;
  const known: KnownPost = {
    webhook,
    post,
    webhookUrl,
    receivedAt,
    test,
    // the signed-in test URL is its owner's: no secret asked
    requiredSecretKey: test ? null : requiredSecretKeyOf(deps.secretBox, webhook),
  };
  if (how.takeKnown) return how.takeKnown(known);
  return (await store.store([planKnownPost(known)]))[0]!;
}

/**
 * What a body turned out to be: an event, valid JSON the normaliser cannot place (kept, shown with the
 * reason), no event at all (400), or a post without the secret key its webhook requires (403).
 */
export type PostReading =
  | { kind: 'event'; event: InternalEvent }
  | { kind: 'unplaced'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'refused'; message: string };

function readPost(
  platform: Platform,
  rawBody: string | undefined,
  requiredSecretKey: string | null,
): PostReading {
  const parsed = parseBody(rawBody);
  if (
    requiredSecretKey !== null &&
    !(parsed.ok && carriesSecretKey(parsed.value, requiredSecretKey))
  )
    return { kind: 'refused', message: intakeMessages.wrongSecretKey };
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  const normalised = normaliseEvent(platform, parsed.value);
  if (normalised.ok) return { kind: 'event', event: normalised.event };
  return {
    kind: unreadable(normalised.problem) ? 'invalid' : 'unplaced',
    message: problemText(normalised.problem),
  };
}

/** How a known post is stored: an event with its jobs, or a row with no jobs (an unplaced event, a body that is none, a refused post). */
export type PostPlan =
  | { kind: 'event'; pending: PendingEvent }
  | { kind: 'invalid' | 'unplaced' | 'refused'; row: NewWebhookEvent; message: string };

/**
 * Reads a known post and says how to store it (pure: the api's thread and the intake thread both store
 * by it). The stored body, which History shows and forwarding sends, has a Smartlead secret redacted.
 */
export function planKnownPost({
  webhook,
  post,
  webhookUrl,
  receivedAt,
  test,
  requiredSecretKey,
}: KnownPost): PostPlan {
  const row = {
    webhookUrl,
    path: post.path,
    headers: post.headers,
    receivedAt,
    isTest: test,
    dedupeKey: null,
    event: null,
    leadKey: null,
    userId: webhook.userId,
    userProfileId: webhook.userProfileId,
    webhookId: webhook.id,
    hubId: webhook.hubId,
    platform: webhook.platform,
  };
  const reading = readPost(webhook.platform, post.rawBody, requiredSecretKey);
  if (reading.kind === 'invalid' || reading.kind === 'refused')
    return {
      kind: reading.kind,
      message: reading.message,
      row: {
        ...row,
        state: reading.kind,
        ...refusedBodyRow(post.rawBody, [reading.message], webhook.platform),
      },
    };
  // only a body that was read is kept whole
  const rawBody = post.rawBody === undefined ? null : redactedBody(webhook.platform, post.rawBody);
  if (reading.kind === 'unplaced')
    return {
      kind: 'unplaced',
      message: reading.message,
      row: { ...row, rawBody, state: 'failed', errors: [reading.message] },
    };
  const { event } = reading;
  return {
    kind: 'event',
    pending: {
      row: {
        ...row,
        rawBody,
        state: 'queued',
        dedupeKey: test ? null : event.dedupeKey,
        event,
        leadKey: leadKeyOf(webhook.userProfileId, event),
        errors: [],
      },
      webhookId: webhook.id,
      endpoints: oneEndpointPerDestination(
        webhook.endpoints.filter(
          (endpoint) => event.eventType !== null && endpoint.eventTypes.includes(event.eventType),
        ),
      ),
      test,
    },
  };
}

/** An event ready to store: its row, and the endpoints it goes to. */
export interface PendingEvent {
  row: NewWebhookEvent & { event: InternalEvent; leadKey: string };
  webhookId: number;
  endpoints: IntakeWebhook['endpoints'];
  /** A test post: no jobs (the caller runs the pipeline at once). */
  test: boolean;
}
