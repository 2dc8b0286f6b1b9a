import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { operations } from 'shared/contract';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { LiveOffer } from './release-rules.js';

const shellManifest = z.object({
  shared: z.array(z.object({ name: z.string(), version: z.string() })),
});
const shellHostContract = z.object({ version: z.string() });

function parseOrNothing(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A JSON file of the shell's build, as `schema` reads it; undefined when missing or unreadable. */
async function shellFile<T>(
  config: Pick<AppConfig, 'shellDistDir'>,
  name: string,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const text = await readFile(path.join(config.shellDistDir, name), 'utf8').catch(() => undefined);
  const parsed = text === undefined ? undefined : schema.safeParse(parseOrNothing(text));
  return parsed?.success ? parsed.data : undefined;
}

/**
 * What the dashboard running now gives a remote: the shared libraries and the host contract of the
 * shell this api serves (its build's mf-manifest.json and host-contract.json, read on each call since
 * the shell may be redeployed under the api) and the api's own contract operations. No shell build
 * (or an unreadable file): nothing shared, no host contract.
 */
export async function liveDashboard(config: Pick<AppConfig, 'shellDistDir'>): Promise<LiveOffer> {
  const [manifest, hostContract] = await Promise.all([
    shellFile(config, 'mf-manifest.json', shellManifest),
    shellFile(config, 'host-contract.json', shellHostContract),
  ]);
  const shared = Object.fromEntries(
    (manifest?.shared ?? []).map(({ name, version }) => [name, version]),
  );
  return {
    shared,
    hostContract: hostContract?.version,
    operations: new Set(Object.keys(operations)),
  };
}
