/** spec §5 "Test dialog" / §8: the error of a payload that is not JSON. */
export const invalidJsonMessage = 'Invalid JSON format. Please check your JSON syntax.';

/** Where a JSON text goes wrong: the line and column (from 1) of the first character that cannot be read. */
export interface JsonErrorPosition {
  line: number;
  column: number;
}

/** The line and column of an offset in a text. */
function positionAt(text: string, offset: number): JsonErrorPosition {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * The text parsed, or where it stops being JSON: read from the parser's own message ("… at position 7",
 * or the end of the input for a text cut short).
 */
export function parseJson(
  text: string,
): { valid: true; value: unknown } | { valid: false; position: JsonErrorPosition } {
  try {
    return { valid: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const offset = /position (\d+)/.exec(message)?.[1];
    return {
      valid: false,
      position: positionAt(text, offset === undefined ? text.length : Number(offset)),
    };
  }
}

/** The spec's invalid-JSON message with where the error is: "… Line 3, column 5." */
export const invalidJsonText = ({ line, column }: JsonErrorPosition): string =>
  `${invalidJsonMessage} Line ${line}, column ${column}.`;
