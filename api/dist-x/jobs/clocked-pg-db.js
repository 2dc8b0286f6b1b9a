import { CompiledQuery } from 'kysely';
const schemaChange = /\b(create|alter|drop)\s+(table|index|unique|function|type|schema|extension|trigger)\b/i;
/**
 * pg-boss's database access with the queue's clock in place of PostgreSQL's: every `now()` in the
 * statements it runs (sending, fetching, failing, expiring, archiving) reads the injected clock, so
 * retries, leases and schedules move when a test moves time. Schema changes keep the server's now()
 * (column defaults must stay expressions). The time is our own ISO text, never user input.
 */
export function clockedPgDb(pool, clock) {
    return { executeSql: (text, values) => pool.query(withClock(text, clock), values) };
}
/** The same over a kysely connection or transaction of the api's, for a job sent in its transaction. */
export function clockedKyselyDb(db, clock) {
    return {
        async executeSql(text, values) {
            const { rows } = await db.executeQuery(CompiledQuery.raw(withClock(text, clock), values ?? []));
            return { rows: [...rows] };
        },
    };
}
function withClock(text, clock) {
    return schemaChange.test(text) ? text : text.replace(/\bnow\(\)/gi, `'${clock.now().toISOString()}'::timestamptz`);
}
//# sourceMappingURL=clocked-pg-db.js.map