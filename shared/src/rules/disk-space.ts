/** Under this share of free space on the data folder's disk, the status widget turns amber. */
export const DISK_ATTENTION_FREE_PERCENT = 10;

/** The whole percent of a disk that is free, rounded down (9.9 % is under 10 %); 0 for no size. */
export const freePercentOf = (availableBytes: number, totalBytes: number): number =>
  totalBytes > 0 ? Math.min(100, Math.max(0, Math.floor((availableBytes / totalBytes) * 100))) : 0;

/** Whether the data folder's disk is full enough for the status widget to say so. */
export const diskNeedsAttention = (freePercent: number): boolean =>
  freePercent < DISK_ATTENTION_FREE_PERCENT;

/** The status widget's line when it does. */
export const diskAttentionLabel = (freePercent: number): string =>
  `Disk almost full: ${freePercent} % free on the data folder`;
