import type { OutgoingJob } from './job-queue.js';

/** The keys whose older jobs move up to a lane, per queue and lane: of the jobs sent above lane 0 with an ordering key. */
export interface ChainsToMoveUp {
  name: string;
  priority: number;
  keys: string[];
}

export function chainsToMoveUp(jobs: readonly OutgoingJob[]): ChainsToMoveUp[] {
  const byLane = new Map<string, ChainsToMoveUp>();
  for (const { name, options } of jobs) {
    const priority = options.priority ?? 0;
    if (priority <= 0 || options.orderingKey === undefined) continue;
    const lane = `${priority}\u0000${name}`;
    const chains = byLane.get(lane) ?? { name, priority, keys: [] };
    chains.keys.push(options.orderingKey);
    byLane.set(lane, chains);
  }
  return [...byLane.values()];
}
