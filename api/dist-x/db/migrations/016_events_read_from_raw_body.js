/**
 * An event's normalised form is no longer stored beside its raw body: it is read again from the raw
 * body when a job or the log detail needs it (repositories/webhook-events.ts eventOfRow). Every post
 * wrote it, nearly doubling the bytes the receiver commits per event; the raw body is the source anyway.
 */
export async function up(db) {
    await db.schema.alterTable('webhook_logs').dropColumn('event').execute();
}
/** The column comes back empty: code of that time reads such rows as events it cannot read. */
export async function down(db) {
    await db.schema.alterTable('webhook_logs').addColumn('event', 'text').execute();
}
//# sourceMappingURL=016_events_read_from_raw_body.js.map