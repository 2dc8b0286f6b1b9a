import { findField, type FieldMeta, type ObjectMeta } from './schema.js';
import type { SObjectRecord } from './state.js';

/** A SOQL failure with the errorCode Salesforce answers with. */
export class SoqlError extends Error {
  constructor(
    readonly errorCode: 'MALFORMED_QUERY' | 'INVALID_FIELD' | 'INVALID_TYPE',
    message: string,
  ) {
    super(message);
  }
}

type Literal = string | number | boolean | null;

type Token = { kind: 'word' | 'string' | 'number' | 'symbol'; text: string; value?: Literal };

type Expr =
  | { kind: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'not'; inner: Expr }
  | { kind: 'compare'; field: string; op: string; value: Literal }
  | { kind: 'in'; field: string; negated: boolean; values: Literal[] }
  | { kind: 'like'; field: string; negated: boolean; pattern: string };

export interface SoqlQuery {
  fields: string[] | 'count';
  from: string;
  where?: Expr;
  orderBy: { field: string; descending: boolean }[];
  limit?: number;
  offset?: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === "'") {
      let value = '';
      index += 1;
      while (index < text.length && text[index] !== "'") {
        if (text[index] === '\\' && index + 1 < text.length) index += 1;
        value += text[index];
        index += 1;
      }
      if (index >= text.length)
        throw new SoqlError(
          'MALFORMED_QUERY',
          'unexpected end of query: unterminated string literal',
        );
      index += 1;
      tokens.push({ kind: 'string', text: `'${value}'`, value });
    } else if (/[0-9-]/.test(char) && /^-?\d/.test(text.slice(index))) {
      const match =
        /^-?\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2}))?|^-?\d+(\.\d+)?/.exec(
          text.slice(index),
        )!;
      const raw = match[0];
      tokens.push(
        /^\d{4}-\d{2}-\d{2}/.test(raw)
          ? { kind: 'string', text: raw, value: raw }
          : { kind: 'number', text: raw, value: Number(raw) },
      );
      index += raw.length;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(index))!;
      tokens.push({ kind: 'word', text: match[0] });
      index += match[0].length;
    } else {
      const symbol =
        ['!=', '<>', '<=', '>='].find((candidate) => text.startsWith(candidate, index)) ?? char;
      if (!['(', ')', ',', '=', '<', '>', '!=', '<>', '<=', '>='].includes(symbol))
        throw new SoqlError('MALFORMED_QUERY', `unexpected token: '${symbol}'`);
      tokens.push({ kind: 'symbol', text: symbol });
      index += symbol.length;
    }
  }
  return tokens;
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private isWord(word: string, offset = 0): boolean {
    const token = this.tokens[this.index + offset];
    return token?.kind === 'word' && token.text.toUpperCase() === word;
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (!token) throw new SoqlError('MALFORMED_QUERY', 'unexpected end of query');
    this.index += 1;
    return token;
  }

  private expectWord(word: string): void {
    const token = this.next();
    if (token.kind !== 'word' || token.text.toUpperCase() !== word)
      throw new SoqlError(
        'MALFORMED_QUERY',
        `unexpected token: '${token.text}', expecting ${word}`,
      );
  }

  private expectSymbol(symbol: string): void {
    const token = this.next();
    if (token.kind !== 'symbol' || token.text !== symbol)
      throw new SoqlError(
        'MALFORMED_QUERY',
        `unexpected token: '${token.text}', expecting '${symbol}'`,
      );
  }

  private identifier(): string {
    const token = this.next();
    if (token.kind !== 'word')
      throw new SoqlError('MALFORMED_QUERY', `unexpected token: '${token.text}'`);
    return token.text;
  }

  parse(): SoqlQuery {
    this.expectWord('SELECT');
    let fields: string[] | 'count';
    if (this.isWord('COUNT') && this.tokens[this.index + 1]?.text === '(') {
      this.next();
      this.expectSymbol('(');
      this.expectSymbol(')');
      fields = 'count';
    } else {
      fields = [this.identifier()];
      while (this.peek()?.text === ',') {
        this.next();
        fields.push(this.identifier());
      }
    }
    this.expectWord('FROM');
    const from = this.identifier();
    const query: SoqlQuery = { fields, from, orderBy: [] };
    if (this.isWord('WHERE')) {
      this.next();
      query.where = this.orExpr();
    }
    if (this.isWord('ORDER')) {
      this.next();
      this.expectWord('BY');
      do {
        if (this.peek()?.text === ',') this.next();
        const field = this.identifier();
        let descending = false;
        if (this.isWord('ASC')) this.next();
        else if (this.isWord('DESC')) {
          this.next();
          descending = true;
        }
        if (this.isWord('NULLS')) {
          this.next();
          this.next();
        }
        query.orderBy.push({ field, descending });
      } while (this.peek()?.text === ',');
    }
    if (this.isWord('LIMIT')) {
      this.next();
      query.limit = this.integer();
    }
    if (this.isWord('OFFSET')) {
      this.next();
      query.offset = this.integer();
    }
    const rest = this.peek();
    if (rest) throw new SoqlError('MALFORMED_QUERY', `unexpected token: '${rest.text}'`);
    return query;
  }

  private integer(): number {
    const token = this.next();
    if (token.kind !== 'number' || !Number.isInteger(token.value))
      throw new SoqlError(
        'MALFORMED_QUERY',
        `unexpected token: '${token.text}', expecting an integer`,
      );
    return token.value as number;
  }

  private orExpr(): Expr {
    let left = this.andExpr();
    while (this.isWord('OR')) {
      this.next();
      left = { kind: 'or', left, right: this.andExpr() };
    }
    return left;
  }

  private andExpr(): Expr {
    let left = this.notExpr();
    while (this.isWord('AND')) {
      this.next();
      left = { kind: 'and', left, right: this.notExpr() };
    }
    return left;
  }

  private notExpr(): Expr {
    if (this.isWord('NOT')) {
      this.next();
      return { kind: 'not', inner: this.notExpr() };
    }
    if (this.peek()?.text === '(') {
      this.next();
      const inner = this.orExpr();
      this.expectSymbol(')');
      return inner;
    }
    return this.condition();
  }

  private literal(): Literal {
    const token = this.next();
    if (token.kind === 'string' || token.kind === 'number') return token.value as Literal;
    if (token.kind === 'word') {
      const upper = token.text.toUpperCase();
      if (upper === 'TRUE') return true;
      if (upper === 'FALSE') return false;
      if (upper === 'NULL') return null;
    }
    throw new SoqlError('MALFORMED_QUERY', `unexpected token: '${token.text}'`);
  }

  private condition(): Expr {
    const field = this.identifier();
    let negated = false;
    if (this.isWord('NOT') && (this.isWord('IN', 1) || this.isWord('LIKE', 1))) {
      this.next();
      negated = true;
    }
    if (this.isWord('IN')) {
      this.next();
      this.expectSymbol('(');
      const values = [this.literal()];
      while (this.peek()?.text === ',') {
        this.next();
        values.push(this.literal());
      }
      this.expectSymbol(')');
      return { kind: 'in', field, negated, values };
    }
    if (this.isWord('LIKE')) {
      this.next();
      const pattern = this.literal();
      if (typeof pattern !== 'string')
        throw new SoqlError('MALFORMED_QUERY', 'LIKE needs a string');
      return { kind: 'like', field, negated, pattern };
    }
    const op = this.next();
    if (op.kind !== 'symbol' || !['=', '!=', '<>', '<', '<=', '>', '>='].includes(op.text))
      throw new SoqlError('MALFORMED_QUERY', `unexpected token: '${op.text}'`);
    return { kind: 'compare', field, op: op.text === '<>' ? '!=' : op.text, value: this.literal() };
  }
}

export function parseSoql(text: string): SoqlQuery {
  return new Parser(tokenize(text)).parse();
}

/** What a query reads: visible object metadata and records. */
export interface QuerySource {
  /** Canonical name and visible metadata of an object, case-insensitively. */
  object(name: string): { name: string; meta: ObjectMeta } | undefined;
  records(objectName: string): SObjectRecord[];
  /** The record an id points at, and its object name. */
  byId(id: string): { objectName: string; record: SObjectRecord } | undefined;
  apiPath(objectName: string, id: string): string;
}

interface ResolvedPath {
  /** API-cased path segments, e.g. ["Owner", "Name"]. */
  names: string[];
  field: FieldMeta;
}

function invalidField(path: string, objectName: string): SoqlError {
  return new SoqlError(
    'INVALID_FIELD',
    `No such column '${path}' on entity '${objectName}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
  );
}

function resolvePath(source: QuerySource, objectName: string, path: string): ResolvedPath {
  const parts = path.split('.');
  let meta = source.object(objectName)!.meta;
  let currentObject = objectName;
  const names: string[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]!;
    if (index === parts.length - 1) {
      const field = findField(meta, part);
      if (!field) throw invalidField(path, objectName);
      names.push(field.name);
      return { names, field };
    }
    const reference = meta.fields.find(
      (field) => field.relationshipName?.toLowerCase() === part.toLowerCase(),
    );
    const target = reference?.referenceTo
      ?.map((name) => source.object(name))
      .find((candidate) => candidate !== undefined);
    if (!reference || !target) throw invalidField(path, currentObject);
    names.push(reference.relationshipName!);
    meta = target.meta;
    currentObject = target.name;
  }
  throw invalidField(path, objectName);
}

/** The value at a resolved path: relationship segments follow the reference field (…Id) to the record. */
function valueAt(
  source: QuerySource,
  objectName: string,
  record: SObjectRecord,
  names: string[],
): unknown {
  let current: SObjectRecord | undefined = record;
  let meta = source.object(objectName)!.meta;
  for (let index = 0; index < names.length - 1; index += 1) {
    const reference = meta.fields.find((field) => field.relationshipName === names[index]);
    const id: unknown = current?.[reference!.name];
    const target: { objectName: string; record: SObjectRecord } | undefined =
      typeof id === 'string' ? source.byId(id) : undefined;
    if (!target) return null;
    current = target.record;
    meta = source.object(target.objectName)!.meta;
  }
  return current?.[names[names.length - 1]!] ?? null;
}

function compareValues(actual: unknown, expected: Literal): number | undefined {
  if (actual === null || actual === undefined || expected === null) return undefined;
  if (typeof actual === 'number' && typeof expected === 'number') return actual - expected;
  if (typeof actual === 'boolean' || typeof expected === 'boolean')
    return actual === expected ? 0 : 1;
  return String(actual).toLowerCase().localeCompare(String(expected).toLowerCase());
}

function likeToRegex(pattern: string): RegExp {
  const body = [...pattern]
    .map((char) =>
      char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`, 'is');
}

function test(source: QuerySource, objectName: string, record: SObjectRecord, expr: Expr): boolean {
  switch (expr.kind) {
    case 'and':
      return (
        test(source, objectName, record, expr.left) && test(source, objectName, record, expr.right)
      );
    case 'or':
      return (
        test(source, objectName, record, expr.left) || test(source, objectName, record, expr.right)
      );
    case 'not':
      return !test(source, objectName, record, expr.inner);
    case 'in': {
      const actual = valueAt(
        source,
        objectName,
        record,
        resolvePath(source, objectName, expr.field).names,
      );
      const found = expr.values.some((value) =>
        value === null ? actual === null : compareValues(actual, value) === 0,
      );
      return expr.negated ? !found : found;
    }
    case 'like': {
      const actual = valueAt(
        source,
        objectName,
        record,
        resolvePath(source, objectName, expr.field).names,
      );
      const found = actual !== null && likeToRegex(expr.pattern).test(String(actual));
      return expr.negated ? !found : found;
    }
    case 'compare': {
      const actual = valueAt(
        source,
        objectName,
        record,
        resolvePath(source, objectName, expr.field).names,
      );
      if (expr.value === null)
        return expr.op === '='
          ? actual === null || actual === undefined
          : actual !== null && actual !== undefined;
      const order = compareValues(actual, expr.value);
      if (order === undefined) return expr.op === '!=';
      return (
        {
          '=': order === 0,
          '!=': order !== 0,
          '<': order < 0,
          '<=': order <= 0,
          '>': order > 0,
          '>=': order >= 0,
        }[expr.op] ?? false
      );
    }
  }
}

function checkFields(source: QuerySource, objectName: string, expr: Expr | undefined): void {
  if (!expr) return;
  switch (expr.kind) {
    case 'and':
    case 'or':
      checkFields(source, objectName, expr.left);
      checkFields(source, objectName, expr.right);
      return;
    case 'not':
      checkFields(source, objectName, expr.inner);
      return;
    default:
      resolvePath(source, objectName, expr.field);
  }
}

/** Runs a query and answers {totalSize, done, records} as the REST query resource does. */
export function runSoql(source: QuerySource, text: string) {
  const query = parseSoql(text);
  const target = source.object(query.from);
  if (!target) {
    throw new SoqlError(
      'INVALID_TYPE',
      `sObject type '${query.from}' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.`,
    );
  }
  const objectName = target.name;
  const selected =
    query.fields === 'count'
      ? []
      : query.fields.map((field) => resolvePath(source, objectName, field));
  checkFields(source, objectName, query.where);
  const order = query.orderBy.map((entry) => ({
    names: resolvePath(source, objectName, entry.field).names,
    descending: entry.descending,
  }));
  let matches = source
    .records(objectName)
    .filter((record) => !query.where || test(source, objectName, record, query.where));
  if (order.length > 0) {
    matches = [...matches].sort((a, b) => {
      for (const entry of order) {
        const left = valueAt(source, objectName, a, entry.names);
        const right = valueAt(source, objectName, b, entry.names);
        const result =
          left === null
            ? right === null
              ? 0
              : -1
            : right === null
              ? 1
              : (compareValues(left, right as Literal) ?? 0);
        if (result !== 0) return entry.descending ? -result : result;
      }
      return 0;
    });
  }
  const totalMatching = matches.length;
  matches = matches.slice(
    query.offset ?? 0,
    query.limit === undefined ? undefined : (query.offset ?? 0) + query.limit,
  );
  if (query.fields === 'count') return { totalSize: totalMatching, done: true, records: [] };
  return {
    totalSize: matches.length,
    done: true,
    records: matches.map((record) => shape(source, objectName, record, selected)),
  };
}

/** A record with only the selected fields, relationships nested with their own attributes. */
export function shape(
  source: QuerySource,
  objectName: string,
  record: SObjectRecord,
  selected: ResolvedPath[],
) {
  const result: Record<string, unknown> = {
    attributes: { type: objectName, url: source.apiPath(objectName, record.Id) },
  };
  for (const path of selected) {
    if (path.names.length === 1) {
      result[path.names[0]!] = record[path.names[0]!] ?? null;
      continue;
    }
    let container = result;
    let current: SObjectRecord | undefined = record;
    let meta = source.object(objectName)!.meta;
    for (let index = 0; index < path.names.length - 1; index += 1) {
      const relationship = path.names[index]!;
      const reference = meta.fields.find((field) => field.relationshipName === relationship)!;
      const id: unknown = current?.[reference.name];
      const target: { objectName: string; record: SObjectRecord } | undefined =
        typeof id === 'string' ? source.byId(id) : undefined;
      if (!target) {
        container[relationship] = null;
        current = undefined;
        break;
      }
      const existing = container[relationship] as Record<string, unknown> | null | undefined;
      const nested = existing ?? {
        attributes: {
          type: target.objectName,
          url: source.apiPath(target.objectName, target.record.Id),
        },
      };
      container[relationship] = nested;
      container = nested;
      current = target.record;
      meta = source.object(target.objectName)!.meta;
    }
    if (current)
      container[path.names[path.names.length - 1]!] =
        current[path.names[path.names.length - 1]!] ?? null;
  }
  return result;
}

export { resolvePath };
