import { lookup } from 'node:dns/promises';

/** Every address a host name resolves to. Injected in tests ("evil.example" → 127.0.0.1). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const systemResolve: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
