import { createKeyOrderedRuns } from '../src/receiver/key-ordered-runs.js';

interface Item {
  name: string;
  lead: string | null;
}
const item = (name: string, lead: string | null = name[0]!): Item => ({ name, lead });

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Runs whose ends the test gives (`end(i)`: the i-th run started), the items each took, and a run that fails on items named in `failing`. */
function heldRuns({ atOnce = 2, maxItems = 100, failing = new Set<string>() } = {}) {
  const started: string[][] = [];
  const ends: (() => void)[] = [];
  const take = createKeyOrderedRuns<Item, string>({
    keyOf: (entry) => entry.lead,
    atOnce,
    maxItems,
    run: async (items) => {
      const names = items.map((entry) => entry.name);
      started.push(names);
      await new Promise<void>((end) => ends.push(end));
      if (names.some((name) => failing.has(name))) throw new Error(`${names.join('+')} cannot be stored`);
      return names.map((name) => `stored ${name}`);
    },
  });
  const end = async (run: number) => {
    ends[run]!();
    await nextTurn();
  };
  return { take, started, end };
}

describe('runs of items under way at once, each lead in order', () => {
  it('starts a second run beside the first with the items of other leads, and holds a lead’s later items until its run ends', async () => {
    const { take, started, end } = heldRuns();
    const first = take([item('a1'), item('b1')]);
    const second = take([item('a2'), item('c1'), item('b2'), item('d1')]);
    await nextTurn();
    // a and b are being stored: their second items wait
    expect(started).toEqual([
      ['a1', 'b1'],
      ['c1', 'd1'],
    ]);
    await end(0);
    expect(await first).toEqual([
      { ok: true, value: 'stored a1' },
      { ok: true, value: 'stored b1' },
    ]);
    expect(started[2]).toEqual(['a2', 'b2']);
    await end(1);
    await end(2);
    expect((await second).map((outcome) => outcome.ok && outcome.value)).toEqual(['stored a2', 'stored c1', 'stored b2', 'stored d1']);
  });

  it('keeps to one run at a time when told so, the items that came meanwhile making the next together', async () => {
    const { take, started, end } = heldRuns({ atOnce: 1 });
    const first = take([item('a1')]);
    const second = take([item('b1'), item('c1')]);
    await nextTurn();
    expect(started).toEqual([['a1']]);
    await end(0);
    expect(started).toEqual([['a1'], ['b1', 'c1']]);
    await end(1);
    await Promise.all([first, second]);
  });

  it('never holds an item with no lead, and takes at most maxItems in one run', async () => {
    const { take, started, end } = heldRuns({ maxItems: 2 });
    const taken = take([item('a1'), item('x', null), item('a2'), item('y', null), item('b1')]);
    await nextTurn();
    expect(started).toEqual([
      ['a1', 'x'],
      ['y', 'b1'],
    ]);
    await end(0);
    expect(started[2]).toEqual(['a2']);
    await end(1);
    await end(2);
    expect((await taken).every((outcome) => outcome.ok)).toBe(true);
  });

  it('tries a failed run again an item at a time, its leads held, so only the bad item fails and its lead’s later items wait behind it', async () => {
    const { take, started, end } = heldRuns({ failing: new Set(['b1']) });
    const first = take([item('a1'), item('b1')]);
    await nextTurn();
    const second = take([item('b2'), item('c1')]);
    await nextTurn();
    expect(started).toEqual([['a1', 'b1'], ['c1']]);
    await end(0);
    // one at a time, in order; b2 still waits for b1
    expect(started.slice(2)).toEqual([['a1']]);
    await end(2);
    expect(started.slice(3)).toEqual([['b1']]);
    await end(3);
    expect(await first).toEqual([
      { ok: true, value: 'stored a1' },
      { ok: false, error: 'b1 cannot be stored' },
    ]);
    expect(started.slice(4)).toEqual([['b2']]);
    await end(1);
    await end(4);
    expect((await second).map((outcome) => outcome.ok && outcome.value)).toEqual(['stored b2', 'stored c1']);
  });
});
