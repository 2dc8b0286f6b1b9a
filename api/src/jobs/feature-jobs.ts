import type { JobHandler } from './job-queue.js';

/** A queue a feature serves: its handler, and how many of its jobs run at once in a process. */
export interface QueueWork {
  name: string;
  // each feature's handler takes its own job's data: the registry holds them side by side
  handler: JobHandler<never>;
  concurrency: number;
  /** Real milliseconds between looks at an empty queue (the workers' default otherwise). */
  pollIntervalMs?: number;
}

/** Something a feature asks for on a timer in every worker process (a schedule's look for due work). */
export interface Repeat {
  /** For the log, when a run fails. */
  what: string;
  everyMs: number;
  run(): Promise<void>;
}

/** What one feature runs in a worker process: the queues it serves and what it repeats. */
export interface FeatureJobs {
  queues: QueueWork[];
  repeats?: Repeat[];
}

/** A feature's handler for its registration (its data type is the feature's own). */
export const handlerOf = <T>(handler: JobHandler<T>): JobHandler<never> =>
  handler as JobHandler<never>;
