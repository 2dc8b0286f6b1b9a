// Which CSS selectors a page's style work spent its time matching, from a Chromium trace taken with the
// selector statistics category (the DevTools "Enable CSS selector stats" setting). The statistics slow style
// work down a good deal: read them for which selectors lead, not for frame times.

/** The trace category that records selector statistics (add it to the tracing categories). */
export const selectorStatsCategory = 'disabled-by-default-blink.debug';

interface SelectorTiming {
  selector: string;
  'elapsed (us)'?: number;
  match_attempts?: number;
  match_count?: number;
}

export interface SelectorCost {
  selector: string;
  ms: number;
  attempts: number;
  matches: number;
}

/** The selectors that took the most matching time over a trace, most first. */
export function costliestSelectors(traceJson: Buffer | string, count = 10): SelectorCost[] {
  const parsed = JSON.parse(traceJson.toString()) as { traceEvents: unknown[] } | unknown[];
  const events = (Array.isArray(parsed) ? parsed : parsed.traceEvents) as {
    name: string;
    args?: { selector_stats?: { selector_timings?: SelectorTiming[] } };
  }[];
  const costs = new Map<string, SelectorCost>();
  for (const event of events) {
    if (event.name !== 'SelectorStats') continue;
    for (const timing of event.args?.selector_stats?.selector_timings ?? []) {
      const cost = costs.get(timing.selector) ?? {
        selector: timing.selector,
        ms: 0,
        attempts: 0,
        matches: 0,
      };
      cost.ms += (timing['elapsed (us)'] ?? 0) / 1000;
      cost.attempts += timing.match_attempts ?? 0;
      cost.matches += timing.match_count ?? 0;
      costs.set(timing.selector, cost);
    }
  }
  return [...costs.values()].sort((a, b) => b.ms - a.ms).slice(0, count);
}
