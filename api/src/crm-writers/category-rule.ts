import type { InternalEvent } from 'shared/events';

/** A category the webhook allows (its smartleadBaseCategories: `{id, name}`). */
export interface AllowedCategory {
  id: number | string;
  name: string;
}

/**
 * What the category-based filter does with one event (spec §3 "Category base filter log", providers.md):
 * - pass: the webhook does not filter (approved events ALL: no categories), or the lead already has an
 *   allowed category: the event is written now;
 * - hold: the webhook filters and the lead has no allowed category yet: the event waits;
 * - release: a category event brings an allowed category: it is written, and the lead's held events
 *   are sent on in arrival order;
 * - drop: a category event brings another category: it is not written, held events stay held.
 */
export type CategoryDecision =
  | { kind: 'pass' }
  | { kind: 'hold' }
  | { kind: 'release'; category: string }
  | { kind: 'drop'; category: string };

/** The category names an event brings, if it is a category event (Smartlead LEAD_CATEGORY_UPDATED, Instantly labels, HeyReach tags, EmailBison interest). */
export function categoriesOf(
  event: Pick<InternalEvent, 'category' | 'lead' | 'platform'>,
): string[] | null {
  if (event.category === null) return null;
  const names = [event.category.newName, event.category.newId];
  if (event.platform === 'heyreach') names.push(...event.lead.tags);
  return names
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    .map((name) => name.trim());
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The first of the event's categories the webhook allows (matched on id or, case aside, name). */
export function allowedCategory(
  brought: readonly string[],
  allowed: readonly AllowedCategory[],
): string | null {
  for (const name of brought)
    if (allowed.some((category) => same(String(category.id), name) || same(category.name, name)))
      return name;
  return null;
}

/**
 * The rule: the webhook's categories (empty: no filter), the event, and whether the lead's latest
 * category decision (within this webhook and campaign) allowed it.
 */
export function categoryDecision(input: {
  allowed: readonly AllowedCategory[];
  event: Pick<InternalEvent, 'category' | 'lead' | 'platform'>;
  leadAllowed: boolean;
}): CategoryDecision {
  if (input.allowed.length === 0) return { kind: 'pass' };
  const brought = categoriesOf(input.event);
  if (brought === null) return input.leadAllowed ? { kind: 'pass' } : { kind: 'hold' };
  const match = allowedCategory(brought, input.allowed);
  if (match !== null) return { kind: 'release', category: match };
  return { kind: 'drop', category: brought[0] ?? '(none)' };
}
