import type { AcceptedEvent, PendingEvent } from '../src/receiver/intake.js';
import { createEventWriter } from '../src/receiver/event-writer.js';

/** Stand-ins: only their identity matters to the writer. */
const pendingNumber = new WeakMap<PendingEvent, number>();
const pending = (n: number): PendingEvent => {
  const value = { test: false } as PendingEvent;
  pendingNumber.set(value, n);
  return value;
};
const accepted = (n: number): AcceptedEvent => ({
  kind: 'accepted',
  logId: n,
  duplicate: false,
  placed: true,
  deliveryIds: [],
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A writer whose commits each wait for the test to end them (`ends`, in order), and the batches it was given. */
function heldCommits() {
  const batches: number[][] = [];
  const ends: (() => void)[] = [];
  const writer = createEventWriter<PendingEvent, AcceptedEvent>(async (pendings) => {
    const numbers = pendings.map((item) => pendingNumber.get(item)!);
    batches.push(numbers);
    await new Promise<void>((end) => ends.push(end));
    return numbers.map(accepted);
  });
  return { writer, batches, ends };
}

describe('group commit of received events', () => {
  it('stores the posts of one turn of the event loop in one transaction and answers each its own outcome', async () => {
    const batches: number[][] = [];
    const writer = createEventWriter<PendingEvent, AcceptedEvent>(async (pendings) => {
      batches.push(pendings.map((item) => pendingNumber.get(item)!));
      return pendings.map((item) => accepted(pendingNumber.get(item)!));
    });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => writer.write(pending(n))));
    expect(answers.map((answer) => answer.logId)).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    await writer.write(pending(6));
    expect(batches).toEqual([[1, 2, 3, 4, 5], [6]]);
  });

  it('retries a failed shared commit one event at a time, so only the bad event fails', async () => {
    const batches: number[][] = [];
    const writer = createEventWriter<PendingEvent, AcceptedEvent>(async (pendings) => {
      const numbers = pendings.map((item) => pendingNumber.get(item)!);
      batches.push(numbers);
      if (numbers.includes(2)) throw new Error('event 2 cannot be stored');
      return numbers.map(accepted);
    });
    const answers = await Promise.allSettled([1, 2, 3].map((n) => writer.write(pending(n))));
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('keeps one commit under way, the posts that arrive meanwhile waiting for it to end and making the next batch together', async () => {
    const { writer, batches, ends } = heldCommits();
    const first = writer.write(pending(1));
    await nextTurn();
    const second = [writer.write(pending(2)), writer.write(pending(3))];
    await nextTurn();
    const third = [writer.write(pending(4)), writer.write(pending(5))];
    await nextTurn();
    expect(batches).toEqual([[1]]);
    ends.shift()!();
    expect((await first).logId).toBe(1);
    await nextTurn();
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
    ends.shift()!();
    expect((await Promise.all([...second, ...third])).map((answer) => answer.logId)).toEqual([
      2, 3, 4, 5,
    ]);
  });

  it('starts the next commit before the posts of the last one are answered', async () => {
    const { writer, batches, ends } = heldCommits();
    const first = writer.write(pending(1));
    await nextTurn();
    const second = writer.write(pending(2));
    await nextTurn();
    ends.shift()!();
    await first;
    // by the time the first post has its answer, the second is being stored
    expect(batches).toEqual([[1], [2]]);
    ends.shift()!();
    expect((await second).logId).toBe(2);
  });
});
