import { useOperationQuery } from 'shared/client';
import { ANY_EVENT_TYPE } from 'shared/contract';
import type { SelectOption } from 'shared/ui';

/** The event-type filter's options: ANY (no filter, spec §9) first, then the types the api lists. */
export function useEventTypeOptions(
  operation: 'listWebhookLogTypes' | 'listCategoryBaseFilterTypes',
): SelectOption[] {
  const types = useOperationQuery(operation);
  return [ANY_EVENT_TYPE, ...(types.data ?? [])].map((type) => ({ value: type, label: type }));
}
