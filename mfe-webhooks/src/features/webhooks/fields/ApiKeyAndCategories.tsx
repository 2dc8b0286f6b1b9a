import type { Platform, SmartleadBaseCategory } from 'shared/contract';
import { useOperationQuery } from 'shared/client';
import { MultiSelect } from '../inputs/MultiSelect';
import { SelectField } from './SelectField';
import { useFailureToast } from '../create/use-failure-toast';

export interface ApiKeyAndCategoriesProps {
  /** The dashboard user whose keys are offered (the profile's owner). */
  ownerUserId: number;
  platform: Platform;
  apiKeyId: number | null;
  categories: readonly SmartleadBaseCategory[];
  onApiKeyChange: (id: number | null) => void;
  onCategoriesChange: (categories: SmartleadBaseCategory[]) => void;
  /** spec §8: the key's categories could not be loaded (the form clears the key and categories). */
  onCategoriesFailed: () => void;
  disabled?: boolean;
  /** Inside a dialog: dropdowns render in place rather than in a portal. */
  inline?: boolean;
}

/** "API Key" (the owner's keys of the platform) and, once a key is chosen, "Category-based filter" (its lead categories). */
export function ApiKeyAndCategories({
  ownerUserId,
  platform,
  apiKeyId,
  categories,
  onApiKeyChange,
  onCategoriesChange,
  onCategoriesFailed,
  disabled = false,
  inline = false,
}: ApiKeyAndCategoriesProps) {
  const keys = useOperationQuery('listUserApiKeys', { params: { userId: ownerUserId }, query: { platform } });
  const leadCategories = useOperationQuery('listLeadCategories', { params: { id: apiKeyId ?? 0 } }, { enabled: apiKeyId !== null });
  useFailureToast(keys.error);
  useFailureToast(leadCategories.error, onCategoriesFailed);

  const loaded: SmartleadBaseCategory[] = (leadCategories.data ?? []).map(({ id, name }) => ({ id, name }));
  // categories saved with the webhook stay listed while (or if not) the key answers them
  const offered = [...loaded, ...categories.filter((chosen) => !loaded.some((category) => String(category.id) === String(chosen.id)))];
  return (
    <>
      <SelectField
        label="API Key"
        placeholder="Select API Key"
        value={apiKeyId === null ? '' : String(apiKeyId)}
        options={(keys.data ?? []).map((key) => ({ value: String(key.id), label: `${key.description} (${key.apiKey})` }))}
        onChange={(value) => onApiKeyChange(value === '' ? null : Number(value))}
        disabled={disabled}
      />
      {apiKeyId !== null && (
        <MultiSelect
          label="Category-based filter"
          value={categories.map((category) => String(category.id))}
          options={offered.map((category) => ({ value: String(category.id), label: category.name }))}
          onChange={(ids) => onCategoriesChange(offered.filter((category) => ids.includes(String(category.id))))}
          disabled={disabled}
          inline={inline}
          placeholder={leadCategories.isFetching ? 'Loading categories…' : 'Select Category-based filter'}
        />
      )}
    </>
  );
}
