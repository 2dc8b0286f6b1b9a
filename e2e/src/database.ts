import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './stack';

interface Statement {
  run(...values: unknown[]): { changes: number };
}
interface SqliteDatabase {
  prepare(sql: string): Statement;
  pragma(pragma: string): unknown;
  close(): void;
}
type OpenDatabase = new (file: string) => SqliteDatabase;

// the api's own SQLite driver (e2e does not depend on it)
const openDatabase = createRequire(path.join(repoRoot, 'api', 'package.json'))(
  'better-sqlite3',
) as OpenDatabase;

/**
 * Sets a seeded user's canBlockList in the running api's database, for the one state no screen reaches:
 * the regular demo user is alone in their organization, with no admin to change their flags.
 */
export function setCanBlockList(databasePath: string, email: string, allowed: boolean): void {
  const db = new openDatabase(databasePath);
  try {
    db.pragma('busy_timeout = 5000');
    const { changes } = db
      .prepare('UPDATE users SET can_block_list = ? WHERE email = ?')
      .run(allowed ? 1 : 0, email);
    if (changes !== 1) throw new Error(`No user ${email} in ${databasePath}`);
  } finally {
    db.close();
  }
}
