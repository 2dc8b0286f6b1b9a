import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useOperationQuery } from 'shared/client';
import type { WebhookTableSection } from 'shared/contract';
import { initialWebhookTableState, webhookTableQuery } from './webhook-table-query';

/**
 * One webhooks table's page, asked of the api (the lists grow: issue 56) with its search, sort and page;
 * a new search or sort starts at page 1. The page shown stays while the next one loads.
 */
export function useWebhookTable(section: WebhookTableSection, { enabled = true } = {}) {
  const [state, setState] = useState(initialWebhookTableState);
  const query = useOperationQuery(
    'listWebhookPage',
    { query: webhookTableQuery(section, state) },
    { enabled, placeholderData: keepPreviousData },
  );
  return {
    state,
    query,
    searching: state.search.trim() !== '',
    search: (search: string) => setState((current) => ({ ...current, search, page: 1 })),
    sortBy: (sort: string) => setState((current) => ({ ...current, sort, page: 1 })),
    goTo: (page: number) => setState((current) => ({ ...current, page })),
  };
}

export type WebhookTable = ReturnType<typeof useWebhookTable>;
