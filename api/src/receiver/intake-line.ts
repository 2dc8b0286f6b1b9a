import { MAX_BATCH } from './event-writer.js';
import { FairLine } from './fair-line.js';
import type { KnownPost, KnownPostResult } from './intake.js';
import { organizationKeyOf } from './intake-limits.js';

/** What became of one post: stored (its result), or not (why). */
export type PostOutcome = { result: KnownPostResult } | { error: string };

/** Reads and stores a batch of posts, answering each one's outcome in its order. */
export type SendBatch = (posts: KnownPost[]) => Promise<PostOutcome[]>;

/** The most body bytes one batch takes: a post larger than that goes alone. */
export const MAX_BATCH_BYTES = 1024 * 1024;
/** What a post costs in the line beside its body: an empty post is not free. */
const POST_COST_BYTES = 512;

export interface IntakeLine {
  /** Answered once the batch that holds the post is stored. */
  take(known: KnownPost): Promise<KnownPostResult>;
  /** Resolves once nothing waits and no batch is under way. */
  drained(): Promise<void>;
}

interface Waiting {
  known: KnownPost;
  resolve(result: KnownPostResult): void;
  reject(error: Error): void;
}

const costOf = (known: KnownPost): number => (known.post.rawBody?.length ?? 0) + POST_COST_BYTES;

/** Runs `send` for the posts, each one's outcome in their order, none thrown. */
export async function settledOutcomes(
  posts: KnownPost[],
  send: (known: KnownPost) => Promise<KnownPostResult>,
): Promise<PostOutcome[]> {
  const settled = await Promise.allSettled(posts.map(async (known) => send(known)));
  return settled.map((outcome) =>
    outcome.status === 'fulfilled'
      ? { result: outcome.value }
      : {
          error: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason),
        },
  );
}

/**
 * The receiver's waiting line, before any post is read (issue 53: one tenant cannot slow another).
 * The posts of a moment go to `sendBatch` together, at most `batchesAtOnce` batches under way; those
 * that come meanwhile wait here, shared fairly by organization and bytes (fair-line.ts), so a webhook
 * posting large bodies without pause waits in its own line while other organizations' posts are read
 * and stored next. A batch holds at most MAX_BATCH posts and MAX_BATCH_BYTES of bodies.
 */
export function createIntakeLine({
  sendBatch,
  batchesAtOnce,
}: {
  sendBatch: SendBatch;
  batchesAtOnce: number;
}): IntakeLine {
  const line = new FairLine<Waiting>();
  let underWay = 0;
  let scheduled = false;
  let onDrained: (() => void) | null = null;

  const checkDrained = (): void => {
    if (onDrained !== null && line.size === 0 && underWay === 0) onDrained();
  };

  async function send(batch: Waiting[]): Promise<void> {
    let outcomes: PostOutcome[];
    try {
      outcomes = await sendBatch(batch.map((entry) => entry.known));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcomes = batch.map(() => ({ error: message }));
    }
    underWay--;
    // the next batch goes first: its posts wait for the store, not also for these answers to be written
    sendWaiting();
    outcomes.forEach((outcome, index) => {
      const entry = batch[index]!;
      if ('error' in outcome) entry.reject(new Error(outcome.error));
      else entry.resolve(outcome.result);
    });
    checkDrained();
  }

  function sendWaiting(): void {
    while (line.size > 0 && underWay < batchesAtOnce) {
      underWay++;
      void send(line.take(MAX_BATCH, MAX_BATCH_BYTES));
    }
  }

  return {
    take(known) {
      return new Promise<KnownPostResult>((resolve, reject) => {
        line.push(organizationKeyOf(known.webhook), costOf(known), { known, resolve, reject });
        if (scheduled) return;
        // with the others read in this turn of the event loop: one batch for them all
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          sendWaiting();
        });
      });
    },
    drained() {
      return new Promise<void>((resolve) => {
        onDrained = resolve;
        sendWaiting();
        checkDrained();
      });
    },
  };
}
