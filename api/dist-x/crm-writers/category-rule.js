/** The category names an event brings, if it is a category event (Smartlead LEAD_CATEGORY_UPDATED, Instantly labels, HeyReach tags, EmailBison interest). */
export function categoriesOf(event) {
    if (event.category === null)
        return null;
    const names = [event.category.newName, event.category.newId];
    if (event.platform === 'heyreach')
        names.push(...event.lead.tags);
    return names.filter((name) => typeof name === 'string' && name.trim() !== '').map((name) => name.trim());
}
const same = (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** The first of the event's categories the webhook allows (matched on id or, case aside, name). */
export function allowedCategory(brought, allowed) {
    for (const name of brought)
        if (allowed.some((category) => same(String(category.id), name) || same(category.name, name)))
            return name;
    return null;
}
/**
 * The rule: the webhook's categories (empty: no filter), the event, and whether the lead's latest
 * category decision (within this webhook and campaign) allowed it.
 */
export function categoryDecision(input) {
    if (input.allowed.length === 0)
        return { kind: 'pass' };
    const brought = categoriesOf(input.event);
    if (brought === null)
        return input.leadAllowed ? { kind: 'pass' } : { kind: 'hold' };
    const match = allowedCategory(brought, input.allowed);
    if (match !== null)
        return { kind: 'release', category: match };
    return { kind: 'drop', category: brought[0] ?? '(none)' };
}
//# sourceMappingURL=category-rule.js.map