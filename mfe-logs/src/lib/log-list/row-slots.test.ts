import { assignRowSlots } from './row-slots';

describe('assignRowSlots: the element (React key) each drawn row of a virtual list uses', () => {
  it('numbers the first rows drawn from 0', () => {
    expect(assignRowSlots(new Map(), [50, 49, 48]).slots).toEqual([0, 1, 2]);
  });

  it('keeps the slot of a row still drawn, and gives a row coming into view the slot of one that left', () => {
    const first = assignRowSlots(new Map(), [50, 49, 48, 47]);
    // scrolled down two rows: 50 and 49 left, 46 and 45 came
    const next = assignRowSlots(first.byId, [48, 47, 46, 45]);
    expect(next.slots.slice(0, 2)).toEqual([2, 3]);
    expect(new Set(next.slots.slice(2))).toEqual(new Set([0, 1]));
  });

  it('keeps a row in its slot when newer rows arrive above it', () => {
    const first = assignRowSlots(new Map(), [50, 49, 48]);
    const next = assignRowSlots(first.byId, [52, 51, 50, 49, 48]);
    expect(next.slots).toEqual([3, 4, 0, 1, 2]);
  });

  it('never gives two rows one slot, even when more rows are drawn than before or an id repeats', () => {
    const first = assignRowSlots(new Map(), [10, 9]);
    const grown = assignRowSlots(first.byId, [9, 8, 7, 6, 10]);
    expect(new Set(grown.slots).size).toBe(5);
    const repeated = assignRowSlots(grown.byId, [9, 9, 8]);
    expect(new Set(repeated.slots).size).toBe(3);
  });

  it('gives the slot of a focused row that left to no other row', () => {
    const first = assignRowSlots(new Map(), [50, 49, 48]);
    const next = assignRowSlots(first.byId, [48, 47, 46], 50);
    expect(next.slots[0]).toBe(2);
    expect(next.slots.slice(1)).not.toContain(0);
    expect(new Set(next.slots).size).toBe(3);
  });

  it('forgets the slots of rows no longer drawn', () => {
    const first = assignRowSlots(new Map(), [3, 2, 1]);
    expect([...assignRowSlots(first.byId, [2]).byId]).toEqual([[2, 1]]);
  });
});
