import type { ObjectType } from './model.js';

export interface AssociationType {
  associationCategory: 'HUBSPOT_DEFINED' | 'USER_DEFINED';
  associationTypeId: number;
}

export interface Association {
  fromType: ObjectType;
  fromId: string;
  toType: ObjectType;
  toId: string;
  typeId: number;
  category: AssociationType['associationCategory'];
}

interface Definition {
  from: ObjectType;
  to: ObjectType;
  typeId: number;
  inverse: number;
  label: string | null;
}

/** HubSpot-defined association types (v4 docs): the default first for each pair, then labelled ones. */
const definitions: Definition[] = [
  { from: 'contacts', to: 'companies', typeId: 279, inverse: 280, label: null },
  { from: 'contacts', to: 'companies', typeId: 1, inverse: 2, label: 'Primary' },
  { from: 'tasks', to: 'contacts', typeId: 204, inverse: 203, label: null },
  { from: 'tasks', to: 'companies', typeId: 192, inverse: 191, label: null },
  { from: 'emails', to: 'contacts', typeId: 198, inverse: 197, label: null },
  { from: 'emails', to: 'companies', typeId: 186, inverse: 185, label: null },
  { from: 'communications', to: 'contacts', typeId: 81, inverse: 82, label: null },
  { from: 'communications', to: 'companies', typeId: 87, inverse: 88, label: null },
];

function all(): Definition[] {
  return definitions.flatMap((definition) => [
    definition,
    {
      from: definition.to,
      to: definition.from,
      typeId: definition.inverse,
      inverse: definition.typeId,
      label: definition.label,
    },
  ]);
}

/** The default (unlabelled) type id between two object types, if they can be associated. */
export function defaultTypeId(from: ObjectType, to: ObjectType): number | undefined {
  return all().find(
    (definition) => definition.from === from && definition.to === to && definition.label === null,
  )?.typeId;
}

export function definitionOf(
  from: ObjectType,
  to: ObjectType,
  typeId: number,
): Definition | undefined {
  return all().find(
    (definition) =>
      definition.from === from && definition.to === to && definition.typeId === typeId,
  );
}

/** Adds an association and its inverse, unless already there. */
export function associate(
  list: Association[],
  from: ObjectType,
  fromId: string,
  to: ObjectType,
  toId: string,
  typeId: number,
): boolean {
  const definition = definitionOf(from, to, typeId);
  if (!definition) return false;
  const add = (association: Association) => {
    if (
      !list.some(
        (existing) =>
          existing.fromType === association.fromType &&
          existing.fromId === association.fromId &&
          existing.toType === association.toType &&
          existing.toId === association.toId &&
          existing.typeId === association.typeId,
      )
    ) {
      list.push(association);
    }
  };
  add({ fromType: from, fromId, toType: to, toId, typeId, category: 'HUBSPOT_DEFINED' });
  add({
    fromType: to,
    fromId: toId,
    toType: from,
    toId: fromId,
    typeId: definition.inverse,
    category: 'HUBSPOT_DEFINED',
  });
  return true;
}

/** Removes every association between the two records, both directions. */
export function dissociate(
  list: Association[],
  from: ObjectType,
  fromId: string,
  to: ObjectType,
  toId: string,
): Association[] {
  return list.filter(
    (association) =>
      !(
        association.fromType === from &&
        association.fromId === fromId &&
        association.toType === to &&
        association.toId === toId
      ) &&
      !(
        association.fromType === to &&
        association.fromId === toId &&
        association.toType === from &&
        association.toId === fromId
      ),
  );
}

/** The records associated with one record, grouped by target id, as v4 answers them. */
export function associationsOf(
  list: Association[],
  from: ObjectType,
  fromId: string,
  to: ObjectType,
) {
  const byTarget = new Map<string, { category: string; typeId: number; label: string | null }[]>();
  for (const association of list) {
    if (association.fromType !== from || association.fromId !== fromId || association.toType !== to)
      continue;
    const types = byTarget.get(association.toId) ?? [];
    types.push({
      category: association.category,
      typeId: association.typeId,
      label: definitionOf(from, to, association.typeId)?.label ?? null,
    });
    byTarget.set(association.toId, types);
  }
  return [...byTarget.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([toObjectId, associationTypes]) => ({
      toObjectId: Number(toObjectId),
      associationTypes,
    }));
}
