import type { ProviderContext } from '../../core/provider.js';
import { associate, definitionOf, type AssociationType } from './associations.js';
import { createdProperty, modifiedProperty, type CrmObject, type ObjectType } from './model.js';
import type { HubSpotState, HubSpotWrite } from './state.js';

const objectTypes: ObjectType[] = ['contacts', 'companies', 'tasks', 'emails', 'communications'];

export function recordWrite(
  ctx: ProviderContext<HubSpotState>,
  write: Omit<HubSpotWrite, 'at'>,
): void {
  ctx.state.writes.push({ at: new Date(ctx.now()).toISOString(), ...write });
}

/** The contact that already uses this email (HubSpot keeps email unique among contacts). */
export function contactWithEmail(
  state: HubSpotState,
  email: string | null | undefined,
  exceptId?: string,
): CrmObject | undefined {
  if (!email) return undefined;
  const wanted = email.toLowerCase();
  for (const contact of state.objects.contacts.values()) {
    if (contact.id !== exceptId && contact.properties.email?.toLowerCase() === wanted)
      return contact;
  }
  return undefined;
}

/** Whether upsert and reads may key on this property: contact email, or a property created with hasUniqueValue. */
export function isUniqueProperty(state: HubSpotState, type: ObjectType, name: string): boolean {
  if (type === 'contacts' && name === 'email') return true;
  return state.properties[type].some(
    (property) => property.name === name && property.hasUniqueValue === true,
  );
}

/** The record whose unique property has this value (none when the property is not unique). */
export function withUniqueValue(
  state: HubSpotState,
  type: ObjectType,
  name: string,
  value: string,
): CrmObject | undefined {
  if (!isUniqueProperty(state, type, name)) return undefined;
  for (const object of state.objects[type].values())
    if (!object.archived && object.properties[name] === value) return object;
  return undefined;
}

/**
 * The record other than `except` that already holds one of these values of a unique custom property
 * (HubSpot refuses a second: 409 CONFLICT), with the property; undefined when none.
 */
export function takenUniqueValue(
  state: HubSpotState,
  type: ObjectType,
  values: Record<string, string | null>,
  except?: string,
): { name: string; existing: CrmObject } | undefined {
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === '' || (type === 'contacts' && name === 'email')) continue;
    const existing = withUniqueValue(state, type, name, value);
    if (existing && existing.id !== except) return { name, existing };
  }
  return undefined;
}

export function createObject(
  ctx: ProviderContext<HubSpotState>,
  type: ObjectType,
  values: Record<string, string | null>,
): CrmObject {
  const state = ctx.state;
  const id = String(state.nextId++);
  const now = new Date(ctx.now()).toISOString();
  const object: CrmObject = {
    id,
    properties: {
      ...values,
      hs_object_id: id,
      [createdProperty[type]]: now,
      [modifiedProperty[type]]: now,
    },
    createdAt: now,
    updatedAt: now,
    archived: false,
    searchableAt: ctx.now() + ctx.config.hubspot.searchLagMs,
    origin: 'api',
  };
  state.objects[type].set(id, object);
  recordWrite(ctx, { action: 'create', objectType: type, id, detail: values });
  return object;
}

export function updateObject(
  ctx: ProviderContext<HubSpotState>,
  type: ObjectType,
  object: CrmObject,
  values: Record<string, string | null>,
): CrmObject {
  const now = new Date(ctx.now()).toISOString();
  object.properties = { ...object.properties, ...values, [modifiedProperty[type]]: now };
  object.updatedAt = now;
  object.searchableAt = ctx.now() + ctx.config.hubspot.searchLagMs;
  recordWrite(ctx, { action: 'update', objectType: type, id: object.id, detail: values });
  return object;
}

export interface InlineAssociation {
  to?: { id?: unknown };
  types?: Partial<AssociationType>[];
}

/** Resolves v3 inline associations ({to: {id}, types: [{associationTypeId}]}); a message when one is invalid. */
export function resolveInline(
  state: HubSpotState,
  from: ObjectType,
  associations: InlineAssociation[],
): { links: { to: ObjectType; toId: string; typeId: number }[] } | { error: string } {
  const links: { to: ObjectType; toId: string; typeId: number }[] = [];
  for (const association of associations) {
    const toId = String(association.to?.id ?? '');
    for (const type of association.types ?? []) {
      const typeId = Number(type.associationTypeId);
      const to = objectTypes.find((candidate) => definitionOf(from, candidate, typeId));
      if (!to) return { error: `${typeId} is not a valid association type id for ${from}` };
      if (!state.objects[to].has(toId))
        return { error: `No ${to} with id ${toId} to associate with` };
      links.push({ to, toId, typeId });
    }
  }
  return { links };
}

export function applyInline(
  ctx: ProviderContext<HubSpotState>,
  from: ObjectType,
  fromId: string,
  links: { to: ObjectType; toId: string; typeId: number }[],
): void {
  for (const link of links) {
    associate(ctx.state.associations, from, fromId, link.to, link.toId, link.typeId);
    recordWrite(ctx, {
      action: 'associate',
      objectType: from,
      id: fromId,
      detail: { to: link.to, toId: link.toId, associationTypeId: link.typeId },
    });
  }
}
