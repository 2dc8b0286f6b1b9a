import fs from 'node:fs';

/** The package's fixtures/ folder: two folders up from src/core or dist/core, so the build needs no copy step. */
const fixturesDir = new URL('../../fixtures/', import.meta.url);

/** Reads and parses fixtures/<name>.json. Each call returns a fresh copy, so a reset starts from the file again. */
export function readFixture<T>(name: string): T {
  return JSON.parse(fs.readFileSync(new URL(`${name}.json`, fixturesDir), 'utf8')) as T;
}
