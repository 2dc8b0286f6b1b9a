/** Whether `times` last saw `name` at least `everyMs` before `at` (a clock set back counts too); notes `at` if so. */
export function isTimeFor(
  times: Map<string, number>,
  name: string,
  at: number,
  everyMs: number,
): boolean {
  const last = times.get(name);
  if (last !== undefined && at - last < everyMs && at >= last) return false;
  times.set(name, at);
  return true;
}
