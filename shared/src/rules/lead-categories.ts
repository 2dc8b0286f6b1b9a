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
    .map((categoryName) => ({ categoryName, categoryId: leadCategoryId(categoryName), userProfileId }));
}
