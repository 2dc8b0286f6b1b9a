import type { LeadCategoriesAdd } from '../contract/index.js';
import { isFieldChange, withField, type FieldChange, type FormRules } from './form.js';

/** A category added to a heyreach key (spec §3 "Lead category", for adding). */
export interface NewLeadCategory {
  categoryName: string;
  categoryId: string;
  userProfileId: number;
}

/** spec §3: the categoryId is the name lowercased with spaces replaced by underscores. */
export function leadCategoryId(name: string): string {
  return name.trim().toLowerCase().replace(/ /g, '_');
}

/**
 * The lead categories dialog's textarea (heyreach): one category per line, blank lines ignored
 * (spec §5 "Lead categories"), each line trimmed and given its derived categoryId.
 */
export function parseLeadCategoryLines(text: string, userProfileId: number): NewLeadCategory[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((categoryName) => ({
      categoryName,
      categoryId: leadCategoryId(categoryName),
      userProfileId,
    }));
}

/** The add form of a key's dialog: its profile (sent with each category) and the text. */
export interface LeadCategoriesFormState {
  userProfileId: number;
  text: string;
}
/** `added`: the text empties once the categories are in. */
export type LeadCategoriesFormChange =
  FieldChange<Pick<LeadCategoriesFormState, 'text'>> | { kind: 'added' };

/** The contract's message for an add without categories; the Add button waits for a line, so it is never shown. */
const NO_CATEGORY = 'Add at least one category';

export const leadCategoriesForm: FormRules<
  LeadCategoriesFormState,
  LeadCategoriesFormChange,
  LeadCategoriesAdd,
  'text'
> = {
  apply: (state, change) =>
    isFieldChange(change) ? withField(state, change) : { ...state, text: '' },
  problem: (state) =>
    parseLeadCategoryLines(state.text, state.userProfileId).length === 0
      ? { field: 'text', message: NO_CATEGORY, silent: true }
      : null,
  toPayload: (state) => ({ categories: parseLeadCategoryLines(state.text, state.userProfileId) }),
};
