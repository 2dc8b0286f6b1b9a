import type { Kysely } from 'kysely';
import type { Database, LeadCategoryRow } from '../db/schema.js';

export interface NewStoredCategory {
  categoryId: string;
  name: string;
}

/** The categories users added to a (heyreach) key, in the order they were added. */
export async function listStoredLeadCategories(
  db: Kysely<Database>,
  apiKeyId: number,
): Promise<LeadCategoryRow[]> {
  return db
    .selectFrom('lead_categories')
    .selectAll()
    .where('api_key_id', '=', apiKeyId)
    .orderBy('id')
    .execute();
}

/** Adds categories to a key; a categoryId the key already has is left as it is. */
export async function addStoredLeadCategories(
  db: Kysely<Database>,
  apiKeyId: number,
  userProfileId: number,
  categories: readonly NewStoredCategory[],
  now: Date,
): Promise<void> {
  if (categories.length === 0) return;
  const createdAt = now.toISOString();
  const unique = [
    ...new Map(categories.map((category) => [category.categoryId, category])).values(),
  ];
  await db
    .insertInto('lead_categories')
    .values(
      unique.map((category) => ({
        api_key_id: apiKeyId,
        category_id: category.categoryId,
        name: category.name,
        user_profile_id: userProfileId,
        created_at: createdAt,
      })),
    )
    .onConflict((conflict) => conflict.columns(['api_key_id', 'category_id']).doNothing())
    .execute();
}
