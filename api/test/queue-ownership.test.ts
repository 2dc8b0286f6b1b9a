import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../src/config.js';

const src = path.join(repoRoot, 'api', 'src');

/**
 * Where the api names the SQLite queue's `jobs` table or pg-boss's schema: a kysely builder given the
 * table, SQL text that reads or writes it, or `pgboss.` anything.
 */
const queueTableMentions = [
  /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|createTable|alterTable|dropTable|on)\(\s*['"`]jobs['"`]/,
  /\b(from|into|update|join|table|exists)\s+["`]?jobs["`]?\s*(\(|\bwhere\b|\bset\b|\bas\b|\bon\b|\border\b|\bvalues\b|[a-z]+\s+where\b|;|$|`|,|\))/im,
  /\bpgboss\./i,
];

/**
 * Files outside jobs/ that may name the table: the numbered migrations (they made and reshaped it, and
 * are never edited) and the database's type, which declares every table.
 */
const allowed = (file: string): boolean =>
  file.startsWith(`jobs${path.sep}`) ||
  file.startsWith(path.join('db', 'migrations') + path.sep) ||
  file === path.join('db', 'schema.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The lines of `text` that mention the queue's tables. */
const mentions = (text: string): string[] =>
  text.split('\n').filter((line) => queueTableMentions.some((pattern) => pattern.test(line)));

describe('the queue’s tables belong to jobs/', () => {
  it('no file of api/src outside jobs/ reads or writes the jobs table or pg-boss’s schema', () => {
    const found = sourceFiles(src)
      .map((file) => path.relative(src, file))
      .filter((file) => !allowed(file))
      .flatMap((file) =>
        mentions(fs.readFileSync(path.join(src, file), 'utf8')).map(
          (line) => `${file}: ${line.trim()}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it.each([
    [`db.insertInto('jobs').values(row)`],
    [`db.deleteFrom("jobs").where('state', '=', 'completed')`],
    ['sql`insert into jobs (queue, data) values (${name}, ${data})`'],
    ['`update jobs set state = ${state} where id = ${id}`'],
    [`'select id from jobs where queue = $1'`],
    [`INSERT INTO pgboss.job (id, name) VALUES ($1, $2)`],
    [`const text = \`select * from \${schema}.job\`; // pgboss.job`],
  ])('finds %s', (line) => {
    expect(mentions(line)).toEqual([line]);
  });

  it.each([
    [`// the api's jobs (processing events, forwarding them)`],
    [`queue.send(RETENTION, {}, { key })`],
    [`db.selectFrom('webhook_jobs_view')`],
  ])('leaves %s alone', (line) => {
    expect(mentions(line)).toEqual([]);
  });
});
