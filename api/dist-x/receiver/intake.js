import { normaliseEvent } from 'shared/events';
import { findIntakeWebhook, findUsedCodeOwner, insertDeliveries, insertWebhookEvent, insertWebhookEvents } from '../repositories/webhook-events.js';
import { eventJobs } from './intake-jobs.js';
import { intakeMessages } from './intake-messages.js';
import { leadKeyOf } from './lead-key.js';
/** Smartlead's LEAD_CATEGORY_UPDATED carries the lead's whole history: bodies up to 5 MB are taken. */
export const WEBHOOK_BODY_LIMIT_BYTES = 5 * 1024 * 1024;
export const webhookUrlOf = (deps, code) => `${deps.config.publicUrl}/webhooks/${code}`;
/** A payload the product cannot read at all (400) rather than one it keeps and shows with an error. */
const unreadable = (problem) => problem.kind === 'not-an-object';
const problemText = (problem) => (problem.issues.length > 0 ? `${problem.message}: ${problem.issues.join('; ')}` : problem.message);
function parseBody(rawBody) {
    if (rawBody === undefined || rawBody.trim() === '')
        return { ok: false, message: intakeMessages.empty };
    try {
        return { ok: true, value: JSON.parse(rawBody) };
    }
    catch (error) {
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
export async function takeWebhookPost(deps, queue, post, options, how = {}) {
    const receivedAt = deps.clock.now().toISOString();
    const webhookUrl = webhookUrlOf(deps, post.code);
    const webhook = await (how.findWebhook ?? ((code) => findIntakeWebhook(deps.db, code)))(post.code);
    const base = { webhookUrl, path: post.path, headers: post.headers, receivedAt, isTest: options.test === true, dedupeKey: null, event: null, leadKey: null };
    if (webhook === undefined) {
        const ownerId = await findUsedCodeOwner(deps.db, post.code);
        if (ownerId === undefined)
            return { kind: 'unknown' };
        const row = {
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
    if (!webhook.ownerCanWebhook) {
        const ofWebhook = { ...base, userId: webhook.userId, userProfileId: webhook.userProfileId, webhookId: webhook.id, hubId: webhook.hubId, platform: webhook.platform, rawBody: post.rawBody ?? null };
        const { id } = await insertWebhookEvent(deps.db, { ...ofWebhook, state: 'refused', errors: [intakeMessages.noPermission] });
        return { kind: 'refused', status: 403, message: intakeMessages.noPermission, logId: id };
    }
    const known = { webhook, post, webhookUrl, receivedAt, test: options.test === true };
    if (how.takeKnown)
        return how.takeKnown(known);
    return takeKnownPost(known, async (pending) => (await storeEvents(deps, queue, [pending], options))[0], (row) => insertWebhookEvent(deps.db, row));
}
/** Stores a known post by its plan: an event through `store` (its share of a group commit), a row with no jobs through `insertRow`. */
export async function takeKnownPost(known, store, insertRow) {
    const plan = planKnownPost(known);
    return plan.kind === 'event' ? store(plan.pending) : resultOfRow(plan, (await insertRow(plan.row)).id);
}
function readPost(platform, rawBody) {
    const parsed = parseBody(rawBody);
    if (!parsed.ok)
        return { kind: 'invalid', message: parsed.message };
    const normalised = normaliseEvent(platform, parsed.value);
    if (normalised.ok)
        return { kind: 'event', event: normalised.event };
    return { kind: unreadable(normalised.problem) ? 'invalid' : 'unplaced', message: problemText(normalised.problem) };
}
/** Reads a known post and says how to store it (pure: the api's thread and the intake thread both store by it). */
export function planKnownPost({ webhook, post, webhookUrl, receivedAt, test }) {
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
        rawBody: post.rawBody ?? null,
    };
    const reading = readPost(webhook.platform, post.rawBody);
    if (reading.kind === 'invalid')
        return { kind: 'invalid', message: reading.message, row: { ...row, state: 'invalid', errors: [reading.message] } };
    if (reading.kind === 'unplaced')
        return { kind: 'unplaced', message: reading.message, row: { ...row, state: 'failed', errors: [reading.message] } };
    const { event } = reading;
    return {
        kind: 'event',
        pending: {
            row: { ...row, state: 'queued', dedupeKey: test ? null : event.dedupeKey, event, leadKey: leadKeyOf(webhook.userProfileId, event), errors: [] },
            webhookId: webhook.id,
            endpoints: webhook.endpoints.filter((endpoint) => event.eventType !== null && endpoint.eventTypes.includes(event.eventType)),
            test,
        },
    };
}
/** The answer for a plan stored as a plain row (log id `logId`). */
export const resultOfRow = (plan, logId) => plan.kind === 'invalid' ? { kind: 'invalid', message: plan.message, logId } : { kind: 'accepted', logId, duplicate: false, placed: false, deliveryIds: [] };
/**
 * Stores events with their jobs in one transaction: each exists, with its jobs, once the transaction
 * commits. Several posts share one commit under load (see event-writer.ts), and their rows, deliveries
 * and jobs go in one statement each. Jobs are sent in the events' order, so one lead's run in it.
 */
export function storeEvents(deps, queue, pendings, options) {
    return deps.db.transaction().execute(async (trx) => {
        const rows = await insertWebhookEvents(trx, pendings.map((pending) => pending.row));
        const deliveryIds = await insertDeliveries(trx, pendings.map((pending, index) => ({ logId: rows[index].id, webhookId: pending.webhookId, endpoints: rows[index].duplicate ? [] : pending.endpoints })), deps.clock.now().toISOString());
        const jobs = pendings.flatMap((pending, index) => {
            const { id, duplicate } = rows[index];
            return duplicate || pending.test ? [] : eventJobs(id, pending.row.leadKey, deliveryIds[index], options);
        });
        await queue.sendMany(jobs, trx);
        return pendings.map((_pending, index) => ({ kind: 'accepted', logId: rows[index].id, duplicate: rows[index].duplicate, placed: true, deliveryIds: deliveryIds[index] }));
    });
}
//# sourceMappingURL=intake.js.map