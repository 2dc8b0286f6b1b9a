import type { Platform, SmartleadBaseCategory } from 'shared/contract';
import { ApiKeyAndCategories } from './ApiKeyAndCategories';
import { useApiKeyLookups } from './use-api-key-lookups';

type ApiKeyAndCategoriesChange =
  | { field: 'apiKeyId'; value: number | null }
  | { field: 'smartleadBaseCategories'; value: SmartleadBaseCategory[] }
  | { kind: 'categories-failed' };

export interface ApiKeyAndCategoriesFieldsProps {
  /** The dashboard user whose keys are offered (the profile's owner). */
  ownerUserId: number;
  state: {
    emailService: Platform | null;
    apiKeyId: number | null;
    smartleadBaseCategories: readonly SmartleadBaseCategory[];
  };
  dispatch: (change: ApiKeyAndCategoriesChange) => void;
  disabled?: boolean;
  /** Inside a dialog: dropdowns render in place rather than in a portal. */
  inline?: boolean;
}

/**
 * ApiKeyAndCategories with its own lookups, for the SALESFORCE form and the "Update Webhook" dialog:
 * they show it only for a platform with keys, and ask for the keys only then; the filter once a key is chosen.
 */
export function ApiKeyAndCategoriesFields({
  ownerUserId,
  state,
  dispatch,
  disabled = false,
  inline = false,
}: ApiKeyAndCategoriesFieldsProps) {
  const lookups = useApiKeyLookups({
    ownerUserId,
    platform: state.emailService,
    apiKeyId: state.apiKeyId,
    onCategoriesFailed: () => dispatch({ kind: 'categories-failed' }),
  });
  return (
    <ApiKeyAndCategories
      lookups={lookups}
      platform={state.emailService}
      apiKeyId={state.apiKeyId}
      categories={state.smartleadBaseCategories}
      onApiKeyChange={(value) => dispatch({ field: 'apiKeyId', value })}
      onCategoriesChange={(value) => dispatch({ field: 'smartleadBaseCategories', value })}
      disabled={disabled}
      inline={inline}
    />
  );
}
