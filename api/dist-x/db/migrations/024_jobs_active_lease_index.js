import { sql } from 'kysely';
/**
 * The running jobs by queue and lease, for the once-a-second search of a queue's jobs whose worker died
 * on their last attempt. Without it that search walked every job of its queue (the unique
 * (queue, idempotency_key) index's prefix): 20 ms on the api's thread with an 80,000-job backlog, once a
 * second per queue. Only a claim and a job's end change this index; the receiver's inserts never do.
 */
export async function up(db) {
    await db.schema
        .createIndex('jobs_active_lease')
        .on('jobs')
        .columns(['queue', 'locked_until_ms'])
        .where(sql `state = 'active'`)
        .execute();
}
export async function down(db) {
    await db.schema.dropIndex('jobs_active_lease').execute();
}
//# sourceMappingURL=024_jobs_active_lease_index.js.map