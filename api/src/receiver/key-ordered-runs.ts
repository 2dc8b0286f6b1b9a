/** One item's outcome: what its run answered, or why it could not be stored. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: string };

export interface KeyOrderedRunsOptions<Item, Result> {
  /** The item's ordering key (a lead), or null for an item that waits for no other. */
  keyOf(item: Item): string | null;
  /** Stores items together (one statement), answering each one's result in order; all or none. */
  run(items: readonly Item[]): Promise<Result[]>;
  /** How many runs may be under way at once. */
  atOnce: number;
  /** The most items one run takes. */
  maxItems: number;
}

interface Queued<Item, Result> {
  item: Item;
  key: string | null;
  settle(outcome: Settled<Result>): void;
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The outcome of one item taken some other way. */
export const settledOf = <T>(taking: Promise<T>): Promise<Settled<T>> =>
  taking.then(
    (value): Settled<T> => ({ ok: true, value }),
    (error: unknown): Settled<T> => ({ ok: false, error: messageOf(error) }),
  );

/**
 * Runs of items, several under way at once, that keep each key's items in the order they came: a run
 * never takes an item whose key a run under way holds, so the items of one key are stored one run after
 * another, each run begun once the one before it has ended (on PostgreSQL, a job's place behind its
 * lead's older jobs is the start of the transaction that sent it). A run takes the items that came first,
 * passing over those whose key is held; they wait for the next. A failed run is tried again an item at a
 * time, its keys still held, so one bad item fails alone and the later items of its key stay behind it.
 */
export function createKeyOrderedRuns<Item, Result>({ keyOf, run, atOnce, maxItems }: KeyOrderedRunsOptions<Item, Result>) {
  let queued: Queued<Item, Result>[] = [];
  const held = new Set<string>();
  let underWay = 0;

  async function runHolding(taken: Queued<Item, Result>[]): Promise<void> {
    try {
      const results = await run(taken.map((entry) => entry.item));
      taken.forEach((entry, index) => entry.settle({ ok: true, value: results[index]! }));
    } catch {
      for (const entry of taken) {
        try {
          const [result] = await run([entry.item]);
          entry.settle({ ok: true, value: result! });
        } catch (error) {
          entry.settle({ ok: false, error: messageOf(error) });
        }
      }
    }
  }

  function startRuns(): void {
    while (underWay < atOnce && queued.length > 0) {
      const taken: Queued<Item, Result>[] = [];
      const left: Queued<Item, Result>[] = [];
      for (const entry of queued) {
        if (taken.length < maxItems && (entry.key === null || !held.has(entry.key))) taken.push(entry);
        else left.push(entry);
      }
      if (taken.length === 0) return;
      queued = left;
      const keys = new Set(taken.flatMap((entry) => (entry.key === null ? [] : [entry.key])));
      for (const key of keys) held.add(key);
      underWay += 1;
      void runHolding(taken).finally(() => {
        for (const key of keys) held.delete(key);
        underWay -= 1;
        startRuns();
      });
    }
  }

  /** Stores `items` in as few runs as their keys allow, answering each one's outcome in order. */
  return (items: readonly Item[]): Promise<Settled<Result>[]> => {
    const outcomes = items.map(
      (item) =>
        new Promise<Settled<Result>>((settle) => {
          queued.push({ item, key: keyOf(item), settle });
        }),
    );
    startRuns();
    return Promise.all(outcomes);
  };
}
