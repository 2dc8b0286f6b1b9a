import { sql, type Kysely } from 'kysely';
import type { SortOrder, WebhookSortKey } from 'shared/contract';
import { platformsMatching } from 'shared/rules';
import type { Database } from '../db/schema.js';
import { organizationMembers, type OwnerScope } from './owner-scope.js';
import { selectWebhooks, withEndpoints, type WebhookRecord } from './webhooks.js';

export interface WebhookPageFilter {
  /** Whose webhooks: a user's own, or an organization's. */
  scope: OwnerScope;
  /** Leaves this user's webhooks out ("All webhooks" shows other people's). */
  exceptUserId?: number;
  /** Found, in any case, in the code (the URL's end), the owner's name or email, who added it, or the platform (its stored value or the label shown, "EmailBison"). */
  search?: string;
  sort: WebhookSortKey;
  order: SortOrder;
  offset: number;
  limit: number;
}

// LIKE's own characters in a searched text are searched as they are
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
const containsText = (column: string, pattern: string) =>
  sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;

const sortColumns = {
  created: sql`webhooks.id`,
  url: sql`webhooks.code`,
  owner: sql`lower(coalesce(webhooks.owner_first_name, '') || ' ' || coalesce(webhooks.owner_last_name, ''))`,
  platform: sql`webhooks.email_service`,
} as const satisfies Record<WebhookSortKey, unknown>;

function filtered(db: Kysely<Database>, filter: WebhookPageFilter) {
  const { scope } = filter;
  let query = selectWebhooks(db);
  query =
    scope.kind === 'own'
      ? query.where('webhooks.user_id', '=', scope.userId)
      : query.where('webhooks.user_id', 'in', organizationMembers(db, scope.organizationId));
  if (filter.exceptUserId !== undefined)
    query = query.where('webhooks.user_id', '!=', filter.exceptUserId);
  if (filter.search !== undefined) {
    const pattern = likePattern(filter.search);
    const platforms = platformsMatching(filter.search);
    query = query.where((eb) =>
      eb.or([
        ...[
          'webhooks.code',
          'webhooks.owner_first_name',
          'webhooks.owner_last_name',
          'webhooks.owner_email',
          'users.email',
        ].map((column) => containsText(column, pattern)),
        ...(platforms.length > 0 ? [eb('webhooks.email_service', 'in', platforms)] : []),
      ]),
    );
  }
  return query;
}

/** One page of webhooks, searched and sorted (ties by age), and how many the search finds in all. */
export async function pageWebhooks(
  db: Kysely<Database>,
  filter: WebhookPageFilter,
): Promise<{ records: WebhookRecord[]; totalItems: number }> {
  const direction = filter.order === 'desc' ? sql`desc` : sql`asc`;
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .orderBy(sql`${sortColumns[filter.sort]} ${direction}`)
      .orderBy('webhooks.id', filter.order)
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    filtered(db, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records: await withEndpoints(db, rows), totalItems: Number(count.count) };
}
