import { z } from 'zod';

const partState = z.enum(['up', 'down']);

/**
 * GET /health (no sign-in): whether the api can serve (load balancers, the status widget), and how
 * much of the data folder's disk is free (null when it cannot be read), for the status widget's warning.
 */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: partState,
  queue: partState,
  /** Whole percent free, rounded down; the free space no more precisely, as anyone may ask. */
  disk: z.object({ freePercent: z.number().int().min(0).max(100) }).nullable(),
});
export type HealthAnswer = z.infer<typeof healthAnswer>;
export type PartState = z.infer<typeof partState>;
