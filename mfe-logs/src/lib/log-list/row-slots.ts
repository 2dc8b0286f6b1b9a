/** Which slot (React key) each drawn row has, and the slots by row id to pass to the next call. */
export interface RowSlots {
  slots: number[];
  byId: Map<number, number>;
}

/**
 * The slots of the rows drawn now (`ids`, in order), given those of the rows drawn before. A row still
 * drawn keeps its slot, so its element stays with it (and keyboard focus with the element); a row that
 * comes into view takes a slot a row that left gave up, so the element it gets is reused, not made anew:
 * a fast scroll then makes far fewer elements for the browser to collect. The slot of the `focused` row,
 * once it is no longer drawn, goes to no other row: its element, focused, must not come to show another
 * row. New slots are the lowest numbers not in use.
 */
export function assignRowSlots(
  previous: ReadonlyMap<number, number>,
  ids: readonly number[],
  focused?: number,
): RowSlots {
  const byId = new Map<number, number>();
  const used = new Set<number>();
  const focusedSlot =
    focused === undefined || ids.includes(focused) ? undefined : previous.get(focused);
  if (focusedSlot !== undefined) used.add(focusedSlot);
  const slots = ids.map((id) => {
    const kept = previous.get(id);
    if (kept === undefined || byId.has(id) || used.has(kept)) return undefined;
    byId.set(id, kept);
    used.add(kept);
    return kept;
  });
  const freed = [...previous.values()].filter((slot) => !used.has(slot));
  let lowest = 0;
  const nextSlot = (): number => {
    const reused = freed.shift();
    if (reused !== undefined) return reused;
    while (used.has(lowest)) lowest += 1;
    return lowest;
  };
  return {
    slots: slots.map((slot, place) => {
      if (slot !== undefined) return slot;
      const given = nextSlot();
      used.add(given);
      if (!byId.has(ids[place]!)) byId.set(ids[place]!, given);
      return given;
    }),
    byId,
  };
}
