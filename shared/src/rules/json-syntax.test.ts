import { invalidJsonMessage, invalidJsonText, parseJson } from './json-syntax';

describe('spec §5 "Test dialog": invalid JSON and where it is', () => {
  it('keeps the exact text of the spec', () => {
    expect(invalidJsonMessage).toBe('Invalid JSON format. Please check your JSON syntax.');
  });

  it('parses valid JSON', () => {
    expect(parseJson('{"a": [1, 2]}')).toEqual({ valid: true, value: { a: [1, 2] } });
  });

  it('gives the line and column of the first character that cannot be read', () => {
    expect(parseJson('{\n  "a": 1\n  "b": 2\n}')).toEqual({
      valid: false,
      position: { line: 3, column: 3 },
    });
    expect(parseJson('{"a": 1,}')).toEqual({ valid: false, position: { line: 1, column: 9 } });
  });

  it('points past the end of a text cut short', () => {
    expect(parseJson('{\n  "a": 1')).toEqual({ valid: false, position: { line: 2, column: 9 } });
    expect(parseJson('')).toEqual({ valid: false, position: { line: 1, column: 1 } });
  });

  it('says the spec message with the position', () => {
    expect(invalidJsonText({ line: 3, column: 3 })).toBe(
      'Invalid JSON format. Please check your JSON syntax. Line 3, column 3.',
    );
  });
});
