import type { Deps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { storeEvents, type AcceptedEvent, type IntakeJobOptions, type PendingEvent } from './intake.js';

/** The most events one commit takes. */
const MAX_BATCH = 100;

interface Waiting {
  pending: PendingEvent;
  resolve(stored: AcceptedEvent): void;
  reject(error: unknown): void;
}

/**
 * Group commit for the receiver: posts that arrive while a commit is under way are stored together in
 * the next one, so under load many events share one transaction (and one sync to disk) while a lone
 * post is stored at once. Each post is still answered only after the commit that holds its event. When
 * a shared commit fails, its events are stored one by one, so one bad event fails alone.
 */
export function createEventWriter(deps: Deps, queue: JobQueue, options: IntakeJobOptions): { write(pending: PendingEvent): Promise<AcceptedEvent> } {
  let waiting: Waiting[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MAX_BATCH);
      waiting = waiting.slice(MAX_BATCH);
      try {
        const stored = await storeEvents(
          deps,
          queue,
          batch.map((entry) => entry.pending),
          options,
        );
        batch.forEach((entry, index) => entry.resolve(stored[index]!));
      } catch {
        for (const entry of batch) {
          try {
            const [stored] = await storeEvents(deps, queue, [entry.pending], options);
            entry.resolve(stored!);
          } catch (error) {
            entry.reject(error);
          }
        }
      }
    }
    flushing = false;
  }

  return {
    write(pending) {
      return new Promise<AcceptedEvent>((resolve, reject) => {
        waiting.push({ pending, resolve, reject });
        if (!flushing) void flush();
      });
    },
  };
}
