import type { LeadCategoriesAdd, LeadCategory } from 'shared/contract';
import { leadCategoryId } from 'shared/rules';
import { platformAdapters } from '../adapters/platforms.js';
import type { Deps } from '../deps.js';
import { invalid } from './domain-errors.js';
import { toLeadCategory, toStoredLeadCategory } from '../presenters/api-keys.js';
import type { ApiKeyRecord } from '../repositories/api-keys.js';
import {
  addStoredLeadCategories,
  listStoredLeadCategories,
} from '../repositories/lead-categories.js';
import { credentialsOf } from './api-keys.js';

/** A key's lead categories: read from its platform, bison's fixed one, or the ones users added (heyreach). */
export async function leadCategoriesOf(deps: Deps, record: ApiKeyRecord): Promise<LeadCategory[]> {
  const source = platformAdapters[record.platform].leadCategories;
  switch (source.source) {
    case 'fixed':
      return source.categories.map(toLeadCategory);
    case 'stored':
      return (await listStoredLeadCategories(deps.db, record.id)).map(toStoredLeadCategory);
    case 'platform': {
      const answer = await source.read(deps.providers, credentialsOf(deps, record));
      if (!answer.ok) throw invalid(answer.message);
      return answer.data.map(toLeadCategory);
    }
  }
}

/** Adds categories to a heyreach key (the others' come from their platform); all of the key's categories. */
export async function addLeadCategories(
  deps: Deps,
  record: ApiKeyRecord,
  body: LeadCategoriesAdd,
): Promise<LeadCategory[]> {
  if (platformAdapters[record.platform].leadCategories.source !== 'stored') {
    throw invalid(
      `Lead categories can only be added to heyreach API keys; ${record.platform} categories come from the platform`,
    );
  }
  const otherProfile = body.categories.find(
    (category) =>
      category.userProfileId !== undefined && category.userProfileId !== record.userProfileId,
  );
  if (otherProfile)
    throw invalid("Invalid body: categories.userProfileId: must be the API key's profile");
  const categories = body.categories.map((category) => ({
    categoryId: category.categoryId ? category.categoryId : leadCategoryId(category.categoryName),
    name: category.categoryName,
  }));
  await addStoredLeadCategories(
    deps.db,
    record.id,
    record.userProfileId,
    categories,
    deps.clock.now(),
  );
  return (await listStoredLeadCategories(deps.db, record.id)).map(toStoredLeadCategory);
}
