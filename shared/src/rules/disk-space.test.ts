import { diskAttentionLabel, diskNeedsAttention, freePercentOf } from './disk-space';

const GB = 1024 ** 3;

describe("the data folder's free space (issue 53)", () => {
  it('counts the whole percent free, rounded down', () => {
    expect(freePercentOf(7 * GB, 100 * GB)).toBe(7);
    expect(freePercentOf(9.99 * GB, 100 * GB)).toBe(9);
    expect(freePercentOf(100 * GB, 100 * GB)).toBe(100);
    expect(freePercentOf(0, 0)).toBe(0);
  });

  it('needs attention under 10 % free, and says how much is left', () => {
    expect(diskNeedsAttention(10)).toBe(false);
    expect(diskNeedsAttention(9)).toBe(true);
    expect(diskNeedsAttention(freePercentOf(9.99 * GB, 100 * GB))).toBe(true);
    expect(diskAttentionLabel(7)).toBe('Disk almost full: 7 % free on the data folder');
  });
});
