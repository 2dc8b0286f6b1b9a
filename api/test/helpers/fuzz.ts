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
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '?'),
  );
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
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
      return Array.from({ length: int(random, 40) }, () =>
        String.fromCharCode(int(random, 0xd7ff)),
      ).join('');
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
      const keys = [
        'canWebhook',
        'canUserAccount',
        'canBlockList',
        'id',
        'role',
        '__proto__',
        'constructor',
        randomString(random).slice(0, 30),
      ];
      const object: Record<string, unknown> = {};
      for (let i = int(random, 5); i > 0; i -= 1)
        object[pick(random, keys)] = randomJson(random, depth + 1);
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
      const flags: Record<string, unknown> = {
        canWebhook: true,
        canUserAccount: false,
        canBlockList: true,
      };
      const key = pick(random, Object.keys(flags));
      if (random() < 0.5) flags[key] = randomJson(random);
      else delete flags[key];
      if (random() < 0.3) flags[randomString(random).slice(0, 20) || 'extra'] = randomJson(random);
      return JSON.stringify(flags);
    }
    case 2:
      return pick(random, [
        '{',
        '[',
        '{"canWebhook": tru',
        '{"a":1}}',
        "{'a':1}",
        'undefined',
        '\u0000',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ]);
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
  const raw = pick(random, [
    '1',
    '2',
    '3',
    '0',
    '-5',
    '999999',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '9'.repeat(400),
    'abc',
    '%',
    '%zz',
    '..',
    '%2F',
    '',
    null,
  ]);
  if (raw === null) return encode(randomString(random).slice(0, 2000));
  return raw;
}

/** A query string, sometimes broken. */
export function randomQuery(random: Random): string {
  if (random() < 0.3) return '';
  const parts = Array.from({ length: 1 + int(random, 4) }, () => {
    const key = pick(random, ['page', 'id', 'email', '__proto__', 'a[b]', 'x', '', '%zz']);
    const value =
      random() < 0.5
        ? encode(randomString(random).slice(0, 3000))
        : pick(random, ['', '%', '%zz', '1', '[]', '&&']);
    return `${key}=${value}`;
  });
  return `?${parts.join('&')}`;
}

/* ---- Schema-aware generators: almost-valid input built from an operation's JSON Schema, so the fuzz gets past validation into the handlers. ---- */

/** A node of a JSON Schema as z.toJSONSchema writes it. */
export type SchemaNode = Record<string, unknown>;

const asNode = (value: unknown): SchemaNode =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as SchemaNode) : {};
const nodes = (value: unknown): SchemaNode[] => (Array.isArray(value) ? value.map(asNode) : []);

/** Ids that exist in the fuzz's fixtures, and a few that do not. */
export const plausibleIds = [1, 1, 2, 3, 4, 5, 6, 7, 8, 12, 0, 99_999, 2 ** 31, 2 ** 40];

function plausibleString(random: Random, node: SchemaNode): string {
  if (node.format === 'email')
    return pick(random, ['a@example.com', 'user@example.com', 'NOT-AN-EMAIL', '']);
  if (node.format === 'uri' || node.format === 'url')
    return pick(random, ['https://example.com/hook', 'http://localhost:1/x', 'notaurl', '']);
  if (random() < 0.15) return randomString(random);
  return pick(random, [
    'x',
    'Some name',
    'https://acme.my.salesforce.com',
    'https://example.com/hook',
    'sl-valid-key',
    'user@example.com',
    'Contact',
    'CONTACT_LIST',
    'ADDRESS',
    'EMAIL_SENT',
    '1',
    '0-1',
    '',
    '  ',
    'x'.repeat(300),
  ]);
}

/** A value that (mostly) satisfies the schema, with plausible strings and ids. */
export function valueForSchema(random: Random, schema: unknown, depth = 0): unknown {
  const node = asNode(schema);
  if (depth > 6) return null;
  const choices = [...nodes(node.anyOf), ...nodes(node.oneOf)];
  if (choices.length > 0) return valueForSchema(random, pick(random, choices), depth + 1);
  const all = nodes(node.allOf);
  if (all.length > 0)
    return valueForSchema(random, Object.assign({}, ...all) as SchemaNode, depth + 1);
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return pick(random, node.enum);
  const types = Array.isArray(node.type)
    ? (node.type as string[])
    : typeof node.type === 'string'
      ? [node.type]
      : [];
  const type = types.length > 0 ? pick(random, types) : undefined;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return random() < 0.5;
    case 'integer':
      return pick(random, plausibleIds);
    case 'number':
      return pick(random, [0, 1, 2, 1.5, -1, 20]);
    case 'string':
      return plausibleString(random, node);
    case 'array': {
      const items = node.prefixItems !== undefined ? nodes(node.prefixItems) : [asNode(node.items)];
      const length = node.prefixItems !== undefined ? items.length : Math.floor(random() * 4);
      return Array.from({ length }, (_, index) =>
        valueForSchema(random, items[index % items.length], depth + 1),
      );
    }
    case 'object': {
      const properties = asNode(node.properties);
      const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
      const object: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(properties)) {
        if (required.has(key) || random() < 0.7)
          object[key] = valueForSchema(random, child, depth + 1);
      }
      return object;
    }
    default:
      return randomJson(random, 2);
  }
}

/** One change to an almost-valid value: a field dropped, replaced by junk, nulled, or an unknown field added. */
export function mutate(random: Random, value: unknown, depth = 0): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < 4) {
    const object = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(object);
    const key = keys.length > 0 ? pick(random, keys) : undefined;
    switch (Math.floor(random() * 6)) {
      case 0:
        if (key !== undefined) delete object[key];
        return object;
      case 1:
        if (key !== undefined) object[key] = randomJson(random);
        return object;
      case 2:
        if (key !== undefined) object[key] = mutate(random, object[key], depth + 1);
        return object;
      case 3:
        if (key !== undefined)
          object[key] = pick(random, [
            null,
            '',
            '\u0000',
            'x'.repeat(100_000),
            -1,
            2 ** 53,
            [],
            {},
            true,
          ]);
        return object;
      case 4:
        object[pick(random, ['__proto__', 'constructor', 'id', 'userId', 'extra'])] =
          randomJson(random);
        return object;
      default:
        return object;
    }
  }
  if (Array.isArray(value) && value.length > 0 && depth < 4) {
    const copy = [...value];
    const index = Math.floor(random() * copy.length);
    copy[index] = random() < 0.5 ? mutate(random, copy[index], depth + 1) : randomJson(random);
    return copy;
  }
  return random() < 0.5 ? randomJson(random) : value;
}

/** A body for an operation: almost valid (schema-built, maybe mutated) most of the time, else the generic junk. */
export function bodyForSchema(random: Random, schema: SchemaNode | undefined): string {
  if (schema === undefined || random() < 0.3) return randomBody(random);
  const value = valueForSchema(random, schema);
  return JSON.stringify(random() < 0.25 ? value : mutate(random, value)) ?? 'null';
}

/** A query string for an operation: its own parameters with plausible or broken values, sometimes junk. */
export function queryForSchema(random: Random, schema: SchemaNode | undefined): string {
  const properties = asNode(schema?.properties);
  const names = Object.keys(properties);
  if (names.length === 0 || random() < 0.25) return randomQuery(random);
  const parts: string[] = [];
  for (const name of names) {
    if (random() < 0.4) continue;
    const value =
      random() < 0.7
        ? valueForSchema(random, properties[name])
        : randomString(random).slice(0, 2000);
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    parts.push(`${encode(name)}=${encode(text)}`);
    if (random() < 0.1) parts.push(`${encode(name)}=${encode(text)}`); // repeated key: an array
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
