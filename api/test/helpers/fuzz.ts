/** Deterministic generators of malformed input for the fuzz test. */

export type Random = () => number;

/** mulberry32: a small seeded PRNG, so a failing case can be replayed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** encodeURIComponent that survives lone surrogates (they become '?'). */
export function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '?'));
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const int = (random: Random, max: number): number => Math.floor(random() * max);

const oddStrings = [
  '',
  ' ',
  'true',
  'null',
  '0',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFFFF\uD800',
  '😀'.repeat(50),
  'ADMIN',
  '{"a":',
];

export function randomString(random: Random): string {
  switch (int(random, 4)) {
    case 0:
      return pick(random, oddStrings);
    case 1:
      return 'x'.repeat(pick(random, [1, 255, 4096, 100_000]));
    case 2:
      return Array.from({ length: int(random, 40) }, () => String.fromCharCode(int(random, 0xd7ff))).join('');
    default:
      return Math.random().toString(36).slice(2);
  }
}

export function randomJson(random: Random, depth = 0): unknown {
  const kind = int(random, depth > 2 ? 5 : 8);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick(random, [0, -1, 1, 1.5, 2 ** 53 + 1, -(2 ** 63), Number.MAX_VALUE, 1e-300]);
    case 3:
    case 4:
      return randomString(random);
    case 5:
      return Array.from({ length: int(random, 5) }, () => randomJson(random, depth + 1));
    default: {
      const keys = ['canWebhook', 'canUserAccount', 'canBlockList', 'id', 'role', '__proto__', 'constructor', randomString(random).slice(0, 30)];
      const object: Record<string, unknown> = {};
      for (let i = int(random, 5); i > 0; i -= 1) object[pick(random, keys)] = randomJson(random, depth + 1);
      return object;
    }
  }
}

/** A body as sent on the wire: JSON of a random value, almost-right permission objects, or broken text. */
export function randomBody(random: Random): string {
  switch (int(random, 6)) {
    case 0:
      return JSON.stringify(randomJson(random)) ?? 'null';
    case 1: {
      const flags: Record<string, unknown> = { canWebhook: true, canUserAccount: false, canBlockList: true };
      const key = pick(random, Object.keys(flags));
      if (random() < 0.5) flags[key] = randomJson(random);
      else delete flags[key];
      if (random() < 0.3) flags[randomString(random).slice(0, 20) || 'extra'] = randomJson(random);
      return JSON.stringify(flags);
    }
    case 2:
      return pick(random, ['{', '[', '{"canWebhook": tru', '{"a":1}}', "{'a':1}", 'undefined', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']);
    case 3:
      return randomString(random);
    case 4:
      return `${JSON.stringify(randomJson(random))}${pick(random, ['', ',', ' garbage', '\n{}'])}`;
    default:
      return '';
  }
}

export const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'application/xml',
  'application/jsonx',
  '*/*',
  ';;;',
  undefined,
] as const;

/** A path segment for {id}: numbers, nonsense and encodings. */
export function randomSegment(random: Random): string {
  const raw = pick(random, ['1', '2', '3', '0', '-5', '999999', '1.5', '1e3', '0x10', ' 1', '9'.repeat(400), 'abc', '%', '%zz', '..', '%2F', '', null]);
  if (raw === null) return encode(randomString(random).slice(0, 2000));
  return raw;
}

/** A query string, sometimes broken. */
export function randomQuery(random: Random): string {
  if (random() < 0.3) return '';
  const parts = Array.from({ length: 1 + int(random, 4) }, () => {
    const key = pick(random, ['page', 'id', 'email', '__proto__', 'a[b]', 'x', '', '%zz']);
    const value = random() < 0.5 ? encode(randomString(random).slice(0, 3000)) : pick(random, ['', '%', '%zz', '1', '[]', '&&']);
    return `${key}=${value}`;
  });
  return `?${parts.join('&')}`;
}
