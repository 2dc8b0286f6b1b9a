import { createHash } from 'node:crypto';
import semver from 'semver';
import { hostContractMeets, type SharedRequirement } from 'shared/contract';

/**
 * What the live dashboard gives a remote: the shell's shared libraries (name → version), its host
 * contract version (undefined: a shell that does not say) and the api's operations.
 */
export interface LiveOffer {
  shared: Record<string, string>;
  hostContract: string | undefined;
  operations: ReadonlySet<string>;
}

/** What a build needs from the page and the api (no host contract range: a build from before ranges). */
export interface BuildNeeds {
  shared: readonly SharedRequirement[];
  hostContract?: string | null;
  operations: readonly string[];
}

function hostContractConflicts(range: string | null | undefined, given: string | undefined) {
  if (!range) return [];
  if (given === undefined)
    return [`host contract ${range} is needed but the dashboard does not say which it gives`];
  return hostContractMeets(given, range)
    ? []
    : [`host contract ${range} is needed but the dashboard gives ${given}`];
}

/**
 * Why the live dashboard cannot run a build, one sentence per conflict (none: it can). A singleton
 * must come from the shell in a version its range accepts; a library that is not one loads its own
 * copy when the shell's does not fit, so it never conflicts.
 */
export function releaseConflicts(needs: BuildNeeds, live: LiveOffer): string[] {
  const shared = needs.shared
    .filter((requirement) => requirement.singleton)
    .flatMap(({ name, requiredVersion }) => {
      const offered = live.shared[name];
      if (offered === undefined)
        return [`${name} ${requiredVersion} is needed but the dashboard does not share it`];
      return semver.satisfies(offered, requiredVersion, { includePrerelease: true })
        ? []
        : [`${name} ${requiredVersion} is needed but the dashboard has ${offered}`];
    });
  const operations = needs.operations
    .filter((operation) => !live.operations.has(operation))
    .map((operation) => `the api has no operation ${operation}`);
  return [
    ...shared,
    ...hostContractConflicts(needs.hostContract, live.hostContract),
    ...operations,
  ];
}

/** A user's place among 100 buckets for an area's canary: the same user id always lands in the same one. */
export function canaryBucket(area: string, userId: number): number {
  return createHash('sha256').update(`${area}:${userId}`).digest().readUInt32BE(0) % 100;
}

export const inCanary = (area: string, userId: number, percent: number): boolean =>
  canaryBucket(area, userId) < percent;

/** One change of the live version, oldest first. */
export interface LiveChange {
  action: 'activate' | 'rollback' | 'canary' | 'promote' | 'drop';
  version: string;
}

/**
 * The version a rollback returns to: the one live before the current one, skipping those already
 * rolled back from (two rollbacks after v1 → v2 → v3 go to v2, then v1). Undefined when there is none.
 */
export function rollbackTarget(changes: readonly LiveChange[]): string | undefined {
  const stack: string[] = [];
  for (const change of changes) {
    if (change.action === 'activate' || change.action === 'promote') stack.push(change.version);
    if (change.action === 'rollback') stack.pop();
  }
  return stack.at(-2);
}
