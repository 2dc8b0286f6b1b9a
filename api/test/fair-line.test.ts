import { FairLine } from '../src/receiver/fair-line.js';

describe('the receiver’s fair line', () => {
  it('serves a late owner’s item before the rest of an owner that queued much', () => {
    const line = new FairLine<string>();
    for (let i = 1; i <= 5; i++) line.push('flood', 1_000_000, `flood-${i}`);
    line.push('quiet', 600, 'quiet-1');
    const served: string[][] = [];
    while (line.size > 0) served.push(line.take(100, 1_048_576));
    expect(served).toEqual([
      ['flood-1', 'quiet-1'],
      ['flood-2'],
      ['flood-3'],
      ['flood-4'],
      ['flood-5'],
    ]);
  });

  it('keeps each owner’s order and shares by cost, not by count', () => {
    const line = new FairLine<string>();
    for (let i = 1; i <= 3; i++) line.push('large', 3000, `large-${i}`);
    for (let i = 1; i <= 6; i++) line.push('small', 1000, `small-${i}`);
    const order = line.take(100, Infinity);
    expect(order.filter((item) => item.startsWith('large'))).toEqual([
      'large-1',
      'large-2',
      'large-3',
    ]);
    expect(order.filter((item) => item.startsWith('small'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => `small-${i}`),
    );
    // three small items for each large one: the same bytes each
    expect(order.indexOf('large-2')).toBeGreaterThan(order.indexOf('small-3'));
    expect(order.indexOf('large-2')).toBeLessThan(order.indexOf('small-5'));
  });

  it('takes at most the items and the cost asked, one item over the cost alone', () => {
    const line = new FairLine<number>();
    for (let i = 0; i < 5; i++) line.push('a', 10, i);
    expect(line.take(2, 1000)).toEqual([0, 1]);
    expect(line.take(100, 25)).toEqual([2, 3]);
    line.push('a', 500, 5);
    expect(line.take(100, 100)).toEqual([4]);
    expect(line.take(100, 100)).toEqual([5]);
    expect(line.size).toBe(0);
  });

  it('does not let an owner that paused a moment skip ahead of a share it has not waited out', () => {
    const line = new FairLine<string>();
    line.push('flood', 1_000_000, 'flood-1');
    line.push('flood', 1_000_000, 'flood-2');
    expect(line.take(1, Infinity)).toEqual(['flood-1']);
    expect(line.take(1, Infinity)).toEqual(['flood-2']);
    // the line is empty; the flood's share runs past now, a newcomer's does not
    line.push('flood', 1_000_000, 'flood-3');
    line.push('quiet', 600, 'quiet-1');
    expect(line.take(1, Infinity)).toEqual(['quiet-1']);
  });
});
