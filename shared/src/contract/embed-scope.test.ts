import fs from 'node:fs';
import path from 'node:path';
import { embedAreaOperations, embedTokenCovers } from './embed-scope';
import { embedAreas, type EmbedArea } from './embed';
import { operations, type OperationName } from './operations';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const remoteOf: Record<EmbedArea, string> = {
  connections: 'mfe-connections',
  webhooks: 'mfe-webhooks',
  blocklists: 'mfe-blocklists',
  logs: 'mfe-logs',
};

/**
 * Calls of an area's screens that an embed token never makes, whatever its areas: a token must not
 * list, make or revoke the keys that mint tokens (the connections area's Embedding screen).
 */
const neverEmbedded: readonly OperationName[] = [
  'listEmbedKeys',
  'createEmbedKey',
  'revokeEmbedKey',
];

/** The source files of a remote (its tests left out): what runs in an embedded area. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The contract calls a remote's code names ('listBlockLists' and the like). */
function callsOf(area: EmbedArea): OperationName[] {
  const text = sourceFiles(path.join(repoRoot, remoteOf[area], 'src'))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  return (Object.keys(operations) as OperationName[]).filter((name) =>
    new RegExp(`['"]${name}['"]`).test(text),
  );
}

describe('what an embed token for an area may call', () => {
  it.each(embedAreas)('covers every call the %s remote makes but the embed keys', (area) => {
    const calls = callsOf(area);
    expect(calls.length).toBeGreaterThan(3);
    const outside = calls.filter((name) => !embedTokenCovers([area], name));
    expect(outside.filter((name) => !neverEmbedded.includes(name))).toEqual([]);
  });

  it('names only operations of the contract', () => {
    for (const names of Object.values(embedAreaOperations))
      for (const name of names) expect(operations).toHaveProperty(name);
  });

  it('keeps the other areas and the admin-only calls out', () => {
    expect(embedTokenCovers(['blocklists'], 'listBlockLists')).toBe(true);
    expect(embedTokenCovers(['blocklists'], 'listWebhookLogs')).toBe(false);
    expect(embedTokenCovers(['logs'], 'createWebhook')).toBe(false);
    expect(embedTokenCovers(['blocklists', 'logs'], 'listWebhookLogs')).toBe(true);
    for (const area of embedAreas)
      for (const name of neverEmbedded) expect(embedTokenCovers([area], name)).toBe(false);
  });
});
