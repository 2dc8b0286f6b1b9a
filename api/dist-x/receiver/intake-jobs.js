import { FORWARD_EVENT, PROCESS_EVENT } from '../jobs/job-names.js';
/**
 * The jobs a new event makes once stored: its processing (in its lead's order) and one forwarding per
 * delivery. Idempotency keys of the stored ids, so a send that runs twice adds nothing. Both of the
 * receiver's writers (intake.ts storeEvents, the SQLite writer thread) send these.
 */
export function eventJobs(logId, leadKey, deliveryIds, options) {
    return [
        { name: PROCESS_EVENT, data: { logId }, options: { ...options.process, key: `event:${logId}`, orderingKey: leadKey } },
        ...deliveryIds.map((deliveryId) => ({ name: FORWARD_EVENT, data: { deliveryId }, options: { ...options.forward, key: `delivery:${deliveryId}:0` } })),
    ];
}
//# sourceMappingURL=intake-jobs.js.map