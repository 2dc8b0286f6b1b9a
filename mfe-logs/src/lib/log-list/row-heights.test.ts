import { createRowHeights } from './row-heights';

describe('createRowHeights: the estimate for a row of a virtual list not measured yet', () => {
  it('is the initial height until a row is measured', () => {
    expect(createRowHeights(37).typical()).toBe(37);
  });

  it('becomes the height most rows measured', () => {
    const heights = createRowHeights(37);
    heights.record(57);
    expect(heights.typical()).toBe(57);
    for (const height of [81, 57, 81, 81]) heights.record(height);
    expect(heights.typical()).toBe(81);
  });

  it('keeps the height that reached the most first when another only equals it', () => {
    const heights = createRowHeights(37);
    for (const height of [57, 57, 81, 81]) heights.record(height);
    expect(heights.typical()).toBe(57);
  });
});
