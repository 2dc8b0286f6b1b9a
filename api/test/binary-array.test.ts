import pg from 'pg';
import { binaryArray } from '../src/db/binary-array.js';
import { postgresServerUrl, testDialect } from './helpers/test-database.js';

// A column of values PostgreSQL reads as an array, sent in its binary form: only the server can say it reads them back.
(testDialect() === 'postgres' ? describe : describe.skip)(
  'columns sent to PostgreSQL as binary arrays',
  () => {
    let client: pg.Client;
    beforeAll(async () => {
      client = new pg.Client({ connectionString: postgresServerUrl() });
      await client.connect();
    });
    afterAll(() => client.end());

    const roundTrip = async (type: 'integer' | 'text', values: unknown[]) =>
      (
        await client.query<{ value: unknown }>(
          `select u.value from unnest($1::${type}[]) with ordinality as u(value, n) order by n`,
          [binaryArray(type, values)],
        )
      ).rows.map((row) => row.value);

    it('reads text exactly as written: quotes, backslashes, braces, commas, other scripts and emoji, empty text and nulls', async () => {
      const values = [
        '{"event_type":"EMAIL_REPLY","text":"a \\"quoted\\" reply\\\\n"}',
        'a,b{c}',
        'Grüße, Ελληνικά, 日本語 🙂',
        '',
        null,
        'NULL',
      ];
      expect(await roundTrip('text', values)).toEqual(values);
    });

    it('reads integers at both ends of 32 bits, and nulls', async () => {
      expect(await roundTrip('integer', [0, 1, -1, 2 ** 31 - 1, -(2 ** 31), null])).toEqual([
        0,
        1,
        -1,
        2 ** 31 - 1,
        -(2 ** 31),
        null,
      ]);
    });

    it('reads an empty array as one with no rows', async () => {
      expect(await roundTrip('text', [])).toEqual([]);
    });

    it('is refused for a NUL character, as the same text in a literal is', async () => {
      await expect(roundTrip('text', ['a\u0000b'])).rejects.toThrow(/invalid byte sequence/);
    });
  },
);

describe('binary arrays of integers', () => {
  it('refuse what is not a 32-bit integer rather than send something else', () => {
    for (const value of [2 ** 31, 1.5, '7', true])
      expect(() => binaryArray('integer', [value])).toThrow(RangeError);
  });
});
