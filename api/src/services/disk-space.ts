import { statfs } from 'node:fs/promises';

/** A disk's space as the api reads it: what an unprivileged process may still write, and the whole. */
export interface DiskSpace {
  availableBytes: number;
  totalBytes: number;
}

/** Reads the space of the disk a folder is on (tests pass their own to make it nearly full). */
export type ReadDiskSpace = (folder: string) => Promise<DiskSpace>;

export const statfsDiskSpace: ReadDiskSpace = async (folder) => {
  const disk = await statfs(folder);
  return { availableBytes: disk.bavail * disk.bsize, totalBytes: disk.blocks * disk.bsize };
};
