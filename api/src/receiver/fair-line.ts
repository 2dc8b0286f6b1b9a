interface InLine<T> {
  item: T;
  cost: number;
  /** Start-time fair queuing's tag: the line's virtual time when the item may start. */
  start: number;
}

/**
 * A waiting line shared fairly by its owners (the receiver's: organizations), by cost (bytes): an owner
 * that sends much waits behind its own items while another owner's item, however late it comes, is
 * served next, and an owner's items keep their order. Start-time fair queuing: each item is tagged with
 * when its owner's share lets it start, and the smallest tag is served first.
 */
export class FairLine<T> {
  private readonly lines = new Map<string, InLine<T>[]>();
  /** Where each owner's share ends: the tag of its next item, when that is later than `now`. */
  private readonly finishes = new Map<string, number>();
  /** The line's virtual time: the tag of the item served last. */
  private now = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(owner: string, cost: number, item: T): void {
    const start = Math.max(this.now, this.finishes.get(owner) ?? 0);
    this.finishes.set(owner, start + Math.max(cost, 1));
    const line = this.lines.get(owner);
    if (line === undefined) this.lines.set(owner, [{ item, cost, start }]);
    else line.push({ item, cost, start });
    this.count++;
  }

  /**
   * The next items to serve, in order: at most `maxItems`, and no more than `maxCost` together unless
   * the first alone costs more (it is served on its own).
   */
  take(maxItems: number, maxCost: number): T[] {
    const taken: T[] = [];
    let cost = 0;
    while (taken.length < maxItems) {
      const next = this.nextOwner();
      if (next === null) break;
      const head = next.line[0]!;
      if (taken.length > 0 && cost + head.cost > maxCost) break;
      next.line.shift();
      if (next.line.length === 0) this.lines.delete(next.owner);
      this.count--;
      this.now = head.start;
      cost += head.cost;
      taken.push(head.item);
    }
    this.forgetFinishedShares();
    return taken;
  }

  private nextOwner(): { owner: string; line: InLine<T>[] } | null {
    let best: { owner: string; line: InLine<T>[] } | null = null;
    for (const [owner, line] of this.lines)
      if (best === null || line[0]!.start < best.line[0]!.start) best = { owner, line };
    return best;
  }

  /** An owner with nothing waiting whose share ended by now starts afresh: the map stays small. */
  private forgetFinishedShares(): void {
    for (const [owner, finish] of this.finishes)
      if (!this.lines.has(owner) && finish <= this.now) this.finishes.delete(owner);
  }
}
