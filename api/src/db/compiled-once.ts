import { CompiledQuery, type Kysely } from 'kysely';
import { isPostgres } from './columns.js';
import type { Database } from './schema.js';

/**
 * A query built and compiled once per SQL dialect, then run with new values: for the receiver's
 * inserts, which run on every post and whose building costs more than running them. `build` gets a
 * stand-in for each value and must use each exactly as a parameter (no value may change the SQL's
 * shape: a null must stay a parameter, not become `is null`).
 */
export function compiledOnce<K extends string, R>(keys: readonly K[], build: (db: Kysely<Database>, values: Record<K, unknown>) => { compile(): CompiledQuery<R> }) {
  const byDialect = new Map<boolean, { sql: string; order: K[] }>();
  return async (db: Kysely<Database>, values: Record<K, unknown>): Promise<R[]> => {
    const postgres = isPostgres(db as unknown as Kysely<unknown>);
    let compiled = byDialect.get(postgres);
    if (compiled === undefined) {
      const standIns = Object.fromEntries(keys.map((key) => [key, `\u0000compiled-once:${key}`])) as Record<K, unknown>;
      const query = build(db, standIns).compile();
      const order = query.parameters.map((parameter) => {
        const key = keys.find((candidate) => standIns[candidate] === parameter);
        if (key === undefined) throw new Error(`compiledOnce: a parameter is not one of the stand-ins (${String(parameter)})`);
        return key;
      });
      compiled = { sql: query.sql, order };
      byDialect.set(postgres, compiled);
    }
    const result = await db.executeQuery<R>(
      CompiledQuery.raw(
        compiled.sql,
        compiled.order.map((key) => values[key]),
      ),
    );
    return [...result.rows];
  };
}
