import type { ObjectType } from './model.js';
import type { HubSpotState } from './state.js';

export interface PropertyProblem {
  isValid: false;
  message: string;
  error: string;
  name: string;
}

/** Values as HubSpot stores them: strings; datetimes given as epoch milliseconds become ISO 8601. */
export function normalizeValues(
  state: HubSpotState,
  type: ObjectType,
  input: Record<string, unknown>,
): Record<string, string | null> {
  const result: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(input)) {
    const definition = state.properties[type].find((property) => property.name === name);
    if (value === null || value === undefined || value === '')
      result[name] = value === '' ? '' : null;
    else if (definition?.type === 'datetime' && /^\d+$/.test(String(value)))
      result[name] = new Date(Number(value)).toISOString();
    else result[name] = String(value);
  }
  return result;
}

const readOnly = new Set([
  'hs_object_id',
  'createdate',
  'lastmodifieddate',
  'hs_createdate',
  'hs_lastmodifieddate',
]);

/** The problems HubSpot reports as "Property values were not valid", for a create (`creating`) or an update. */
export function propertyProblems(
  state: HubSpotState,
  type: ObjectType,
  values: Record<string, string | null>,
  creating: boolean,
): PropertyProblem[] {
  const problems: PropertyProblem[] = [];
  for (const [name, value] of Object.entries(values)) {
    const definition = state.properties[type].find((property) => property.name === name);
    if (!definition) {
      problems.push({
        isValid: false,
        message: `Property "${name}" does not exist`,
        error: 'PROPERTY_DOESNT_EXIST',
        name,
      });
      continue;
    }
    if (readOnly.has(name)) {
      problems.push({
        isValid: false,
        message: `"${name}" is a read only property; its value cannot be set.`,
        error: 'READ_ONLY_VALUE',
        name,
      });
      continue;
    }
    if (value === null || value === '') continue;
    if (name === 'hubspot_owner_id') {
      if (!state.owners.some((owner) => owner.id === value))
        problems.push({
          isValid: false,
          message: `${value} is not a valid owner id`,
          error: 'INVALID_OWNER_ID',
          name,
        });
      continue;
    }
    if (
      definition.type === 'enumeration' &&
      definition.options.length > 0 &&
      !definition.options.some((option) => option.value === value)
    ) {
      problems.push({
        isValid: false,
        message: `${value} was not one of the allowed options: [${definition.options.map((option) => option.value).join(', ')}]`,
        error: 'INVALID_OPTION',
        name,
      });
    }
    if (definition.type === 'number' && !Number.isFinite(Number(value)))
      problems.push({
        isValid: false,
        message: `${value} is not a valid number`,
        error: 'INVALID_INTEGER',
        name,
      });
    if (definition.type === 'datetime' && !Number.isFinite(Date.parse(value)))
      problems.push({
        isValid: false,
        message: `${value} is not a valid datetime`,
        error: 'INVALID_DATE',
        name,
      });
  }
  if (
    creating &&
    (type === 'tasks' || type === 'emails' || type === 'communications') &&
    !values.hs_timestamp
  ) {
    problems.push({
      isValid: false,
      message: 'hs_timestamp is required',
      error: 'REQUIRED_PROPERTY',
      name: 'hs_timestamp',
    });
  }
  return problems;
}
