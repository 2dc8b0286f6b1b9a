import type { Platform, SmartleadBaseCategory } from 'shared/contract';
import { noApiKeyHint } from 'shared/rules';
import { SelectField } from 'shared/ui';
import { MultiSelect } from '../inputs/MultiSelect';
import type { ApiKeyLookups } from './use-api-key-lookups';
import { fixedCategories } from 'shared/rules/webhooks';

export interface ApiKeyAndCategoriesProps {
  lookups: ApiKeyLookups;
  platform: Platform | null;
  apiKeyId: number | null;
  categories: readonly SmartleadBaseCategory[];
  onApiKeyChange: (id: number | null) => void;
  onCategoriesChange: (categories: SmartleadBaseCategory[]) => void;
  /** The HubSpot form shows the filter as soon as its events are FILTERED, before a key is chosen (bison's fixed category needs none); the others once a key is chosen. */
  filterBeforeKey?: boolean;
  disabled?: boolean;
  /** Inside a dialog: dropdowns render in place rather than in a portal. */
  inline?: boolean;
}

/** "API Key" (the owner's keys of the platform; none for bison) and "Category-based filter" (the key's lead categories). */
export function ApiKeyAndCategories({
  lookups,
  platform,
  apiKeyId,
  categories,
  onApiKeyChange,
  onCategoriesChange,
  filterBeforeKey = false,
  disabled = false,
  inline = false,
}: ApiKeyAndCategoriesProps) {
  const keyOptions = lookups.apiKeys.map((key) => ({
    value: String(key.id),
    label: `${key.description} (${key.apiKey})`,
  }));
  // the saved key stays listed while (or if not) the keys answer it
  if (apiKeyId !== null && !keyOptions.some((option) => option.value === String(apiKeyId)))
    keyOptions.unshift({ value: String(apiKeyId), label: `API key ${apiKeyId}` });
  const loaded = lookups.categories;
  // categories saved with the webhook stay listed while (or if not) the key answers them
  const offered = [
    ...loaded,
    ...categories.filter(
      (chosen) => !loaded.some((category) => String(category.id) === String(chosen.id)),
    ),
  ];
  return (
    <>
      {platform !== null && fixedCategories(platform) === null && (
        <SelectField
          label="API Key"
          placeholder="Select API Key"
          value={apiKeyId === null ? '' : String(apiKeyId)}
          options={keyOptions}
          onChange={(value) => onApiKeyChange(value === '' ? null : Number(value))}
          disabled={disabled}
          hint={
            lookups.apiKeysLoaded && keyOptions.length === 0 ? noApiKeyHint(platform) : undefined
          }
        />
      )}
      {(filterBeforeKey || apiKeyId !== null) && (
        <MultiSelect
          label="Category-based filter"
          value={categories.map((category) => String(category.id))}
          options={offered.map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          onChange={(ids) =>
            onCategoriesChange(offered.filter((category) => ids.includes(String(category.id))))
          }
          disabled={disabled}
          inline={inline}
          placeholder={
            lookups.loadingCategories ? 'Loading categories…' : 'Select Category-based filter'
          }
        />
      )}
    </>
  );
}
