import type { Association } from './associations.js';
import { objectTypeOf, type CrmObject, type ObjectType } from './model.js';

export interface SearchFilter {
  propertyName?: unknown;
  operator?: unknown;
  value?: unknown;
  highValue?: unknown;
  values?: unknown;
}

export interface SearchRequest {
  filterGroups?: { filters?: SearchFilter[] }[];
  sorts?: (string | { propertyName?: string; direction?: string })[];
  query?: string;
  properties?: string[];
  limit?: number;
  after?: string | number;
}

const operators = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
];

/** HubSpot's documented limits: 5 filter groups, 6 filters a group, 18 filters in all; 200 results a page. */
export const searchLimits = { groups: 5, filtersPerGroup: 6, filters: 18, pageSize: 200 };

/** A message when the request breaks HubSpot's rules, else undefined. */
export function checkSearch(request: SearchRequest): string | undefined {
  const groups = request.filterGroups ?? [];
  if (!Array.isArray(groups)) return 'filterGroups must be an array';
  if (groups.length > searchLimits.groups)
    return `Too many filter groups (${groups.length}). The maximum is ${searchLimits.groups}.`;
  let total = 0;
  for (const group of groups) {
    const filters = group.filters ?? [];
    if (filters.length > searchLimits.filtersPerGroup)
      return `Too many filters in a group (${filters.length}). The maximum is ${searchLimits.filtersPerGroup}.`;
    total += filters.length;
    for (const filter of filters) {
      if (typeof filter.propertyName !== 'string' || filter.propertyName === '')
        return 'Each filter needs a propertyName.';
      const operator = filter.operator ?? 'EQ';
      if (typeof operator !== 'string' || !operators.includes(operator))
        return `Unsupported operator ${String(operator)}. Supported: ${operators.join(', ')}.`;
    }
  }
  if (total > searchLimits.filters)
    return `Too many filters (${total}). The maximum is ${searchLimits.filters}.`;
  const limit = request.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 0 || limit > searchLimits.pageSize)
    return `limit must be between 0 and ${searchLimits.pageSize}.`;
  return undefined;
}

function compare(actual: string, expected: string): number {
  const a = Number(actual);
  const b = Number(expected);
  if (actual.trim() !== '' && expected.trim() !== '' && Number.isFinite(a) && Number.isFinite(b))
    return a - b;
  const dateA = Date.parse(actual);
  const dateB = Date.parse(expected);
  if (Number.isFinite(dateA) && Number.isFinite(dateB) && /\d{4}-\d{2}-\d{2}/.test(actual))
    return dateA - dateB;
  return actual.toLowerCase().localeCompare(expected.toLowerCase());
}

function tokens(value: string): string[] {
  return value
    .toLowerCase()
    .split(/[^\p{L}\p{N}@._-]+/u)
    .filter(Boolean);
}

function containsToken(actual: string, pattern: string): boolean {
  const wanted = pattern.toLowerCase();
  if (wanted.includes('*')) {
    const regex = new RegExp(
      `^${wanted
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    return tokens(actual).some((token) => regex.test(token)) || regex.test(actual.toLowerCase());
  }
  return tokens(actual).includes(wanted) || actual.toLowerCase() === wanted;
}

/** Does one record pass one filter? Strings compare case-insensitively, as HubSpot search does. */
export function matchesFilter(
  object: CrmObject,
  type: ObjectType,
  filter: SearchFilter,
  associations: Association[],
): boolean {
  const name = String(filter.propertyName);
  const operator = String(filter.operator ?? 'EQ');
  if (name.startsWith('associations.')) {
    const target = objectTypeOf(name.slice('associations.'.length));
    const linked = associations
      .filter(
        (association) =>
          association.fromType === type &&
          association.fromId === object.id &&
          association.toType === target,
      )
      .map((association) => association.toId);
    if (operator === 'EQ') return linked.includes(String(filter.value));
    if (operator === 'IN')
      return (
        Array.isArray(filter.values) &&
        filter.values.some((value) => linked.includes(String(value)))
      );
    if (operator === 'HAS_PROPERTY') return linked.length > 0;
    if (operator === 'NOT_HAS_PROPERTY') return linked.length === 0;
    return false;
  }
  const raw = name === 'hs_object_id' ? object.id : object.properties[name];
  const has = raw !== undefined && raw !== null && raw !== '';
  const actual = has ? String(raw) : '';
  const value = filter.value === undefined || filter.value === null ? '' : String(filter.value);
  const values = Array.isArray(filter.values) ? filter.values.map(String) : [];
  switch (operator) {
    case 'HAS_PROPERTY':
      return has;
    case 'NOT_HAS_PROPERTY':
      return !has;
    case 'EQ':
      return has && compare(actual, value) === 0;
    case 'NEQ':
      return !has || compare(actual, value) !== 0;
    case 'LT':
      return has && compare(actual, value) < 0;
    case 'LTE':
      return has && compare(actual, value) <= 0;
    case 'GT':
      return has && compare(actual, value) > 0;
    case 'GTE':
      return has && compare(actual, value) >= 0;
    case 'BETWEEN':
      return (
        has && compare(actual, value) >= 0 && compare(actual, String(filter.highValue ?? '')) <= 0
      );
    case 'IN':
      return has && values.some((candidate) => compare(actual, candidate) === 0);
    case 'NOT_IN':
      return !has || !values.some((candidate) => compare(actual, candidate) === 0);
    case 'CONTAINS_TOKEN':
      return has && containsToken(actual, value);
    case 'NOT_CONTAINS_TOKEN':
      return !has || !containsToken(actual, value);
    default:
      return false;
  }
}

const queryProperties: Record<ObjectType, string[]> = {
  contacts: ['email', 'firstname', 'lastname', 'phone', 'company', 'hs_object_id'],
  companies: ['name', 'domain', 'website', 'phone', 'hs_object_id'],
  tasks: ['hs_task_subject', 'hs_task_body'],
  emails: ['hs_email_subject', 'hs_email_text'],
  communications: ['hs_communication_body'],
};

/** Filter groups are ORed, filters within a group ANDed; `query` searches the default text properties. */
export function matchesSearch(
  object: CrmObject,
  type: ObjectType,
  request: SearchRequest,
  associations: Association[],
): boolean {
  const groups = request.filterGroups ?? [];
  const filtersOk =
    groups.length === 0 ||
    groups.some((group) =>
      (group.filters ?? []).every((filter) => matchesFilter(object, type, filter, associations)),
    );
  if (!filtersOk) return false;
  const query = request.query?.trim().toLowerCase();
  if (!query) return true;
  return queryProperties[type].some((name) =>
    String(name === 'hs_object_id' ? object.id : (object.properties[name] ?? ''))
      .toLowerCase()
      .includes(query),
  );
}

/** Sorted as asked (one sort is honoured, like HubSpot), else by id. */
export function sortResults(objects: CrmObject[], request: SearchRequest): CrmObject[] {
  const sort = request.sorts?.[0];
  const byId = (a: CrmObject, b: CrmObject) => Number(a.id) - Number(b.id);
  if (!sort) return objects.sort(byId);
  const [name, descending] =
    typeof sort === 'string'
      ? [sort.replace(/^-/, ''), sort.startsWith('-')]
      : [sort.propertyName ?? 'hs_object_id', sort.direction === 'DESCENDING'];
  const value = (object: CrmObject) =>
    name === 'hs_object_id' ? object.id : (object.properties[name] ?? '');
  return objects.sort(
    (a, b) => (descending ? -1 : 1) * (compare(String(value(a)), String(value(b))) || byId(a, b)),
  );
}
