import { processStoredEvent } from '../receiver/process-event.js';
import { BLOCK_LIST_SYNC, FORWARD_EVENT, PROCESS_EVENT, RETENTION } from './job-names.js';
import { deleteExpiredEvents, retentionKeyAt } from './retention.js';
import { forwardEventHandler } from '../receiver/forward-event.js';
import { expireHeldEvents } from '../crm-writers/category-filter.js';
import { blockListSyncHandler, scheduleDueBlockLists } from '../block-list-sync/schedule.js';
/** The job handlers: what each queue's jobs do, by calling services. */
export function jobHandlers(deps, processor, queue) {
    const processEvent = (job) => processStoredEvent(deps, processor, {
        logId: job.data.logId,
        attempt: job.attempt,
        lastAttempt: job.attempt > job.retryLimit,
        replay: job.data.replay !== undefined,
        ...(queue ? { queue } : {}),
    });
    const forwardEvent = (job) => forwardEventHandler(deps, job);
    const retention = async () => {
        const expired = await expireHeldEvents(deps);
        if (expired > 0)
            deps.log.info({ expired }, 'retention: expired events the category-based filter held too long');
        const deleted = await deleteExpiredEvents(deps);
        if (deleted.events > 0 || deleted.jobs > 0)
            deps.log.info(deleted, 'retention: deleted expired events and finished jobs');
    };
    const blockListSync = blockListSyncHandler(deps);
    return { processEvent, forwardEvent, retention, blockListSync };
}
/**
 * Runs the api's jobs in this process: processing events, forwarding them, the hourly retention
 * job, and the block-list syncs (with the schedule that asks for them). The api does this by default (WORKERS=in-process); `npm run worker` processes do only this.
 * Stopping is the queue's: it finishes or gives back the jobs in hand.
 */
export function startWorkers(queue, deps, options) {
    const handlers = jobHandlers(deps, options.processor, queue);
    const poll = { pollIntervalMs: options.pollIntervalMs ?? 500 };
    queue.work(PROCESS_EVENT, handlers.processEvent, { ...poll, concurrency: options.concurrency });
    queue.work(FORWARD_EVENT, handlers.forwardEvent, { ...poll, concurrency: options.concurrency * 2 });
    queue.work(RETENTION, handlers.retention, { pollIntervalMs: 60_000, concurrency: 1 });
    queue.work(BLOCK_LIST_SYNC, handlers.blockListSync, { ...poll, concurrency: options.concurrency });
    const askForRetention = () => {
        queue.send(RETENTION, {}, { key: retentionKeyAt(deps.clock.now()), retryLimit: 2 }).then((id) => id !== null && queue.wake(RETENTION), (error) => deps.log.warn({ err: error }, 'could not schedule the retention job'));
    };
    askForRetention();
    const timer = setInterval(askForRetention, options.retentionCheckMs ?? 10 * 60_000);
    timer.unref();
    const scheduleBlockLists = () => {
        scheduleDueBlockLists(deps, queue).catch((error) => deps.log.warn({ err: error }, 'could not schedule the block-list syncs'));
    };
    scheduleBlockLists();
    const blockListTimer = setInterval(scheduleBlockLists, options.blockListCheckMs ?? Math.min(60_000, deps.config.blockListSync.intervalMs));
    blockListTimer.unref();
    return {
        stop: () => {
            clearInterval(timer);
            clearInterval(blockListTimer);
        },
    };
}
//# sourceMappingURL=workers.js.map