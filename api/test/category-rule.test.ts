import {
  allowedCategory,
  categoriesOf,
  categoryDecision,
} from '../src/crm-writers/category-rule.js';

const lead = { tags: [] as string[] } as never;
const event = (
  category: { newId?: string | null; newName?: string | null } | null,
  platform: 'smartlead' | 'heyreach' = 'smartlead',
  tags: string[] = [],
) => ({
  platform,
  lead: { ...(lead as object), tags } as never,
  category:
    category === null
      ? null
      : {
          oldId: null,
          oldName: null,
          newId: category.newId ?? null,
          newName: category.newName ?? null,
        },
});
const allowed = [
  { id: 1, name: 'Interested' },
  { id: 'meeting', name: 'Meeting Booked' },
];

describe('the category-based filter rule', () => {
  it('passes everything when the webhook has no categories (approved events ALL)', () => {
    expect(categoryDecision({ allowed: [], event: event(null), leadAllowed: false })).toEqual({
      kind: 'pass',
    });
    expect(
      categoryDecision({
        allowed: [],
        event: event({ newName: 'Not Interested' }),
        leadAllowed: false,
      }),
    ).toEqual({ kind: 'pass' });
  });

  it('holds an event of a lead without an allowed category, passes one of a lead that has one', () => {
    expect(categoryDecision({ allowed, event: event(null), leadAllowed: false })).toEqual({
      kind: 'hold',
    });
    expect(categoryDecision({ allowed, event: event(null), leadAllowed: true })).toEqual({
      kind: 'pass',
    });
  });

  it('releases on a category event with an allowed category, by id or by name (case aside)', () => {
    expect(
      categoryDecision({
        allowed,
        event: event({ newId: '1', newName: 'Whatever' }),
        leadAllowed: false,
      }),
    ).toEqual({ kind: 'release', category: '1' });
    expect(
      categoryDecision({
        allowed,
        event: event({ newName: 'meeting booked' }),
        leadAllowed: false,
      }),
    ).toEqual({ kind: 'release', category: 'meeting booked' });
    expect(
      categoryDecision({ allowed, event: event({ newId: 'meeting' }), leadAllowed: false }),
    ).toEqual({ kind: 'release', category: 'meeting' });
  });

  it('drops a category event with another category, even for a lead allowed before', () => {
    expect(
      categoryDecision({
        allowed,
        event: event({ newId: '7', newName: 'Not Interested' }),
        leadAllowed: false,
      }),
    ).toEqual({ kind: 'drop', category: 'Not Interested' });
    expect(
      categoryDecision({ allowed, event: event({ newName: 'Out Of Office' }), leadAllowed: true }),
    ).toEqual({ kind: 'drop', category: 'Out Of Office' });
  });

  it('reads HeyReach tags and EmailBison interest as categories', () => {
    expect(
      categoriesOf(event({ newName: 'Founder, Hot' }, 'heyreach', ['Founder', 'Hot'])),
    ).toEqual(['Founder, Hot', 'Founder', 'Hot']);
    expect(allowedCategory(['Founder, Hot', 'Founder', 'Hot'], [{ id: 'hot', name: 'Hot' }])).toBe(
      'Hot',
    );
    expect(
      categoryDecision({
        allowed: [{ id: 'lead_interested', name: 'Interested' }],
        event: event({ newName: 'Interested' }),
        leadAllowed: false,
      }),
    ).toEqual({
      kind: 'release',
      category: 'Interested',
    });
    expect(categoriesOf(event(null))).toBeNull();
  });
});
