/** The element types binaryArray writes, by their PostgreSQL type oid. */
const elementOids = { integer: 23, text: 25 } as const;

export type BinaryArrayElement = keyof typeof elementOids;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * A one-dimensional PostgreSQL array in its binary form (the server's array_recv): pg sends a Buffer
 * parameter as binary, so a column of values goes as it is, with nothing escaped here and no array
 * literal for the server to parse (a text literal doubles every quote and backslash of a JSON body,
 * and the server reads it back character by character). Nulls stay null.
 */
export function binaryArray(element: BinaryArrayElement, values: readonly unknown[]): Buffer {
  const items = values.map((value): Buffer | null => {
    if (value === null || value === undefined) return null;
    if (element === 'text') return Buffer.from(String(value), 'utf8');
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < INT32_MIN ||
      value > INT32_MAX
    )
      throw new RangeError(`Not a 32-bit integer: ${String(value)}`);
    const item = Buffer.allocUnsafe(4);
    item.writeInt32BE(value);
    return item;
  });
  const dimensions = items.length === 0 ? 0 : 1;
  const header = Buffer.allocUnsafe(12 + 8 * dimensions);
  header.writeInt32BE(dimensions, 0);
  header.writeInt32BE(items.includes(null) ? 1 : 0, 4);
  header.writeInt32BE(elementOids[element], 8);
  if (dimensions === 1) {
    header.writeInt32BE(items.length, 12);
    // the lower bound: arrays start at 1
    header.writeInt32BE(1, 16);
  }
  const parts: Buffer[] = [header];
  for (const item of items) {
    const length = Buffer.allocUnsafe(4);
    length.writeInt32BE(item === null ? -1 : item.length);
    parts.push(length);
    if (item !== null) parts.push(item);
  }
  return Buffer.concat(parts);
}
