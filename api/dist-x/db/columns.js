import { PostgresAdapter } from 'kysely';
/** True when the database is PostgreSQL (migrations that differ by dialect ask this). */
export const isPostgres = (db) => db.getExecutor().adapter instanceof PostgresAdapter;
/** An auto-numbered integer primary key `id` on either dialect. Every new table starts with it. */
export function withIdColumn(db, table) {
    return isPostgres(db) ? table.addColumn('id', 'serial', (col) => col.primaryKey()) : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
//# sourceMappingURL=columns.js.map