import { leadCategoriesForm, leadCategoryId, parseLeadCategoryLines } from './lead-categories';

describe('lead category ids (spec §3)', () => {
  it.each([
    ['Interested', 'interested'],
    ['Meeting Booked', 'meeting_booked'],
    ['  Not Now Later  ', 'not_now_later'],
    ['Follow  Up', 'follow__up'],
    ['ALREADY_snake', 'already_snake'],
  ])('%j → %j', (name, id) => {
    expect(leadCategoryId(name)).toBe(id);
  });
});

describe('the lead categories textarea (spec §5)', () => {
  it('makes one category per non-blank line, trimmed, with its derived id and the profile', () => {
    expect(parseLeadCategoryLines('Hot Lead\n\n   \r\n  Meeting Booked \nwarm', 7)).toEqual([
      { categoryName: 'Hot Lead', categoryId: 'hot_lead', userProfileId: 7 },
      { categoryName: 'Meeting Booked', categoryId: 'meeting_booked', userProfileId: 7 },
      { categoryName: 'warm', categoryId: 'warm', userProfileId: 7 },
    ]);
  });
  it('gives nothing for blank text', () => {
    expect(parseLeadCategoryLines(' \n\n', 1)).toEqual([]);
  });
});

describe('the lead categories add form', () => {
  const { apply, problem, toPayload } = leadCategoriesForm;
  it('holds back a text without a category, silently (Add waits for a line)', () => {
    expect(problem({ userProfileId: 7, text: ' \n ' })).toEqual({
      field: 'text',
      message: 'Add at least one category',
      silent: true,
    });
  });
  it('sends the categories of the lines with the profile, and empties the text once added', () => {
    const state = apply(
      { userProfileId: 7, text: '' },
      { field: 'text', value: 'Hot Lead\n\nwarm' },
    );
    expect(problem(state)).toBeNull();
    expect(toPayload(state)).toEqual({
      categories: [
        { categoryName: 'Hot Lead', categoryId: 'hot_lead', userProfileId: 7 },
        { categoryName: 'warm', categoryId: 'warm', userProfileId: 7 },
      ],
    });
    expect(apply(state, { kind: 'added' })).toEqual({ userProfileId: 7, text: '' });
  });
});
