import { CompiledQuery, type Kysely } from 'kysely';
import { isPostgres } from './columns.js';
import type { Database } from './schema.js';

type Build<K extends string, R> = (
  db: Kysely<Database>,
  rows: Record<K, unknown>[],
) => { compile(): CompiledQuery<R> };

/**
 * A query over rows of values, built and compiled once per SQL dialect and row count, then run with new
 * values: for the receiver's inserts, which run on every post and whose building costs more than running
 * them. `build` gets a stand-in for each value and must use each exactly as a parameter (no value may
 * change the SQL's shape: a null must stay a parameter, not become `is null`).
 */
export function compiledRows<K extends string, R>(keys: readonly K[], build: Build<K, R>) {
  const compiledFor = new Map<string, { sql: string; order: [row: number, key: K][] }>();
  return async (db: Kysely<Database>, rows: readonly Record<K, unknown>[]): Promise<R[]> => {
    const shape = `${isPostgres(db)}:${rows.length}`;
    let compiled = compiledFor.get(shape);
    if (compiled === undefined) {
      const standIns = new Map<unknown, [number, K]>();
      const standInRows = rows.map(
        (_, row) =>
          Object.fromEntries(
            keys.map((key) => {
              const standIn = `\u0000compiled-once:${row}:${key}`;
              standIns.set(standIn, [row, key]);
              return [key, standIn];
            }),
          ) as Record<K, unknown>,
      );
      const query = build(db, standInRows).compile();
      const order = query.parameters.map((parameter) => {
        const place = standIns.get(parameter);
        if (place === undefined)
          throw new Error(
            `compiledRows: a parameter is not one of the stand-ins (${String(parameter)})`,
          );
        return place;
      });
      compiled = { sql: query.sql, order };
      compiledFor.set(shape, compiled);
    }
    const result = await db.executeQuery<R>(
      CompiledQuery.raw(
        compiled.sql,
        compiled.order.map(([row, key]) => rows[row]![key]),
      ),
    );
    return [...result.rows];
  };
}
