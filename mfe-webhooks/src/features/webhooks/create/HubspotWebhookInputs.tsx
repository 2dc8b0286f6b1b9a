import { useState } from 'react';
import { Button, Checkbox, Field, Input, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { objectLookupMethods } from 'shared/contract';
import { lookupInputs, platformOptions, showsApiKey, showsCategories, toPlatform, type ApprovedEvents, type HubspotWebhookFormChange, type HubspotWebhookFormState } from 'shared/rules';
import { AdditionalEndpoints } from '../endpoints/AdditionalEndpoints';
import { MultiSelect } from '../inputs/MultiSelect';
import { lookupMethodLabel } from '../table/rules';
import { PropertySelect } from './PropertySelect';
import type { HubspotWebhookLookups } from './use-hubspot-webhook-lookups';

export interface HubspotWebhookInputsProps {
  state: HubspotWebhookFormState;
  dispatch: (change: HubspotWebhookFormChange) => void;
  lookups: HubspotWebhookLookups;
  disabled?: boolean;
  /** The create form reports an endpoint chosen twice; the dialog drops it silently (spec §4). */
  reportDuplicateEndpoint?: boolean;
  /** Inside a dialog: dropdown lists render in place. */
  inDialog?: boolean;
}

/** spec §2 "Approved events for data sync". */
export const approvedEventsOptions: ReadonlyArray<{ value: ApprovedEvents; label: string; description: string }> = [
  { value: 'all', label: 'ALL', description: 'Every event the platform sends is synced to the CRM.' },
  { value: 'filtered', label: 'FILTERED', description: 'Only events of leads in the chosen categories are synced to the CRM.' },
];

const flagLabels = {
  createOrUpdateCompany: 'Create or update company',
  createContactCustomProperties: 'Custom contact properties',
  assignCompanyOwner: 'Assign company owner',
  assignContactOwner: 'Assign contact owner',
  createOrUpdateTask: 'Create task',
} as const;
type Flag = keyof typeof flagLabels;

/**
 * The HubSpot webhook's fields, shared by the create form and the update dialog (spec §2 "Fields
 * mirror the create form"): owner, platform, lookup method and its properties, the checkboxes,
 * advanced settings, approved events, API key and categories, and the read-only Webhook URL.
 */
export function HubspotWebhookInputs({ state, dispatch, lookups, disabled = false, reportDuplicateEndpoint = false, inDialog = false }: HubspotWebhookInputsProps) {
  const [advanced, setAdvanced] = useState(false);
  const shown = lookupInputs(state);
  const heyReach = state.emailService === 'heyreach';
  const ownerOptions = state.selectedOwner && !lookups.owners.some((owner) => owner.id === state.selectedOwner?.id) ? [state.selectedOwner, ...lookups.owners] : lookups.owners;
  const flag = (name: Flag, flagDisabled = false) => (
    <Checkbox.Root checked={state[name]} onCheckedChange={(details) => dispatch({ field: name, value: details.checked === true })} disabled={disabled || flagDisabled}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{flagLabels[name]}</Checkbox.Label>
    </Checkbox.Root>
  );
  const selectedCategoryIds = state.smartleadBaseCategories.map((category) => String(category.id));

  return (
    <Stack gap="4">
      <Field.Root disabled={disabled}>
        <Field.Label>Select owner</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={state.selectedOwner?.id ?? ''}
            onChange={(event) => dispatch({ field: 'selectedOwner', value: ownerOptions.find((owner) => owner.id === event.currentTarget.value) ?? null })}
          >
            <option value="">Select Owner</option>
            {ownerOptions.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.name} {owner.email}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      <Field.Root disabled={disabled}>
        <Field.Label>Sales Engagement Platform</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={state.emailService ?? ''} onChange={(event) => dispatch({ field: 'emailService', value: toPlatform(event.currentTarget.value) })}>
            <option value="">Select Sales Engagement Platform</option>
            {platformOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      <Field.Root disabled={disabled}>
        <Field.Label>Object lookup method</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={state.objectLookupMethod ?? ''}
            onChange={(event) => dispatch({ field: 'objectLookupMethod', value: objectLookupMethods.find((method) => method === event.currentTarget.value) ?? null })}
          >
            <option value="">Select Object Lookup Method</option>
            {objectLookupMethods.map((method) => (
              <option key={method} value={method}>
                {lookupMethodLabel(method)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      {shown.profileUrl && (
        <PropertySelect
          label="Profile URL"
          properties={lookups.properties}
          value={state.profileUrlProperty}
          onChange={(value) => dispatch({ field: 'profileUrlProperty', value })}
          disabled={disabled}
        />
      )}
      {shown.lookupField && (
        <PropertySelect
          label="Object lookup selection"
          properties={lookups.properties}
          value={state.objectLookupIdField}
          onChange={(value) => dispatch({ field: 'objectLookupIdField', value })}
          disabled={disabled}
        />
      )}
      {shown.email && (
        <PropertySelect label="Email" properties={lookups.properties} value={state.emailProperty} onChange={(value) => dispatch({ field: 'emailProperty', value })} disabled={disabled} />
      )}

      <Stack gap="2">
        {flag('createOrUpdateCompany', heyReach)}
        {flag('createContactCustomProperties')}
      </Stack>

      <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => setAdvanced(!advanced)} aria-expanded={advanced}>
        {advanced ? 'Hide advanced settings' : 'Show advanced settings'}
      </Button>
      {advanced && (
        <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
          <Stack gap="2">
            {flag('assignCompanyOwner')}
            {flag('assignContactOwner')}
            {flag('createOrUpdateTask')}
          </Stack>
          <AdditionalEndpoints
            rows={state.additionalEndpoints}
            platform={state.emailService}
            accounts={lookups.accounts}
            onChange={(rows) => dispatch({ field: 'additionalEndpoints', value: rows })}
            reportDuplicate={reportDuplicateEndpoint}
            disabled={disabled}
            inline={inDialog}
          />
        </Stack>
      )}

      <RadioGroup.Root
        value={state.approvedEvents}
        onValueChange={(details) => dispatch({ field: 'approvedEvents', value: details.value === 'filtered' ? 'filtered' : 'all' })}
        disabled={disabled}
        aria-label="Approved events for data sync"
      >
        <Text fontWeight="medium" fontSize="sm" mb="2">
          Approved events for data sync
        </Text>
        <Stack gap="2">
          {approvedEventsOptions.map((option) => (
            <RadioGroup.Item key={option.value} value={option.value} alignItems="flex-start">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <Stack gap="0">
                <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
                <Text color="fg.muted" fontSize="xs">
                  {option.description}
                </Text>
              </Stack>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>

      {showsApiKey(state) && (
        <Field.Root disabled={disabled}>
          <Field.Label>API Key</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={state.apiKeyId === null ? '' : String(state.apiKeyId)}
              onChange={(event) => dispatch({ field: 'apiKeyId', value: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
            >
              <option value="">Select API Key</option>
              {state.apiKeyId !== null && !lookups.apiKeys.some((key) => key.id === state.apiKeyId) && <option value={state.apiKeyId}>API key {state.apiKeyId}</option>}
              {lookups.apiKeys.map((key) => (
                <option key={key.id} value={key.id}>
                  {key.description} ({key.apiKey})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      {showsCategories(state) && (
        <MultiSelect
          label="Category-based filter"
          placeholder={lookups.loadingCategories ? 'Loading categories…' : 'Select Category-based filter'}
          options={[...state.smartleadBaseCategories.filter((chosen) => !lookups.categories.some((category) => String(category.id) === String(chosen.id))), ...lookups.categories].map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          value={selectedCategoryIds}
          onChange={(ids) => dispatch({ field: 'smartleadBaseCategories', value: categoriesOf(ids, [...state.smartleadBaseCategories, ...lookups.categories]) })}
          disabled={disabled}
          inline={inDialog}
        />
      )}

      <Field.Root readOnly>
        <Field.Label>Webhook URL</Field.Label>
        <Input size="sm" value={state.webhookUrl} readOnly fontFamily="mono" placeholder={state.selectedOwner && state.emailService ? 'Generating…' : 'Select an owner and a platform'} />
      </Field.Root>
    </Stack>
  );
}

/** The chosen ids as categories, in the order chosen. */
function categoriesOf(ids: readonly string[], known: ReadonlyArray<{ id: string | number; name: string }>) {
  return ids.flatMap((id) => {
    const category = known.find((candidate) => String(candidate.id) === id);
    return category ? [{ id: category.id, name: category.name }] : [];
  });
}
