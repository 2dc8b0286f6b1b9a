/** Rows per insert: 6 parameters each, far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;
export async function listBlockListEntries(db, blockListId) {
    const rows = await db.selectFrom('block_list_entries').select(['entry', 'state', 'reason', 'removed_at']).where('block_list_id', '=', blockListId).execute();
    return new Map(rows.map((row) => [row.entry, { entry: row.entry, state: row.state, reason: row.reason, removedAt: row.removed_at }]));
}
/** Records entries as synced or refused (again present in the CRM list when they were removed). */
export async function saveBlockListEntries(db, blockListId, entries, now) {
    for (let start = 0; start < entries.length; start += CHUNK) {
        await db
            .insertInto('block_list_entries')
            .values(entries.slice(start, start + CHUNK).map((entry) => ({ block_list_id: blockListId, entry: entry.entry, state: entry.state, reason: entry.reason, pushed_at: now, removed_at: null })))
            .onConflict((conflict) => conflict
            .columns(['block_list_id', 'entry'])
            .doUpdateSet((eb) => ({ state: eb.ref('excluded.state'), reason: eb.ref('excluded.reason'), pushed_at: eb.ref('excluded.pushed_at'), removed_at: null })))
            .execute();
    }
}
/** Marks entries as gone from the CRM list (removedAt) or back in it (null). */
export async function setBlockListEntriesRemoved(db, blockListId, entries, removedAt) {
    for (let start = 0; start < entries.length; start += CHUNK) {
        await db
            .updateTable('block_list_entries')
            .set({ removed_at: removedAt })
            .where('block_list_id', '=', blockListId)
            .where('entry', 'in', entries.slice(start, start + CHUNK))
            .execute();
    }
}
/** The counts the block list shows: entries in the CRM list the platform has, and those it does not. */
export async function countBlockListEntries(db, blockListId) {
    const rows = await db
        .selectFrom('block_list_entries')
        .select(['state', (eb) => eb.fn.countAll().as('count')])
        .where('block_list_id', '=', blockListId)
        .where('removed_at', 'is', null)
        .groupBy('state')
        .execute();
    const of = (state) => Number(rows.find((row) => row.state === state)?.count ?? 0);
    return { synced: of('synced'), notSynced: of('refused') };
}
/** Forgets entries removed from the platform: pushed again if they come back to the CRM list. */
export async function deleteBlockListEntries(db, blockListId, entries) {
    for (let start = 0; start < entries.length; start += CHUNK) {
        await db
            .deleteFrom('block_list_entries')
            .where('block_list_id', '=', blockListId)
            .where('entry', 'in', entries.slice(start, start + CHUNK))
            .execute();
    }
}
//# sourceMappingURL=block-list-entries.js.map