import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { operations } from 'shared/contract';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { LiveOffer } from './release-rules.js';

const shellManifest = z.object({
  shared: z.array(z.object({ name: z.string(), version: z.string() })),
});

function parseOrNothing(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What the dashboard running now gives a remote: the shared libraries of the shell this api serves
 * (its build's mf-manifest.json, read on each call since the shell may be redeployed under the api)
 * and the api's own contract operations. No shell build (or an unreadable manifest): nothing shared.
 */
export async function liveDashboard(config: Pick<AppConfig, 'shellDistDir'>): Promise<LiveOffer> {
  const text = await readFile(path.join(config.shellDistDir, 'mf-manifest.json'), 'utf8').catch(
    () => undefined,
  );
  const parsed = text === undefined ? undefined : shellManifest.safeParse(parseOrNothing(text));
  const shared = parsed?.success
    ? Object.fromEntries(parsed.data.shared.map(({ name, version }) => [name, version]))
    : {};
  return { shared, operations: new Set(Object.keys(operations)) };
}
