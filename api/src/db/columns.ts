import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** True when the database is PostgreSQL (migrations that differ by dialect ask this). */
export const isPostgres = <DB>(db: Kysely<DB>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/** An auto-numbered integer primary key `id` on either dialect. Every new table starts with it. */
export function withIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
