import { useState } from 'react';
import { Button, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { objectLookupMethods } from 'shared/contract';
import { platformOptions } from 'shared/rules';
import { SelectField } from 'shared/ui';
import { AdditionalEndpoints } from '../endpoints/AdditionalEndpoints';
import { ApiKeyAndCategories } from '../fields/ApiKeyAndCategories';
import { CheckboxField } from '../fields/CheckboxField';
import { OwnerSelect } from '../fields/OwnerSelect';
import { PlatformSelect } from '../fields/PlatformSelect';
import { PropertySelect } from '../fields/PropertySelect';
import { SmartleadSecretKeyField } from '../fields/SmartleadSecretKeyField';
import { WebhookUrlField } from '../fields/WebhookUrlField';
import { lookupMethodLabel } from '../table/rules';
import type { HubspotWebhookLookups } from './use-hubspot-webhook-lookups';
import {
  asksSecretKey,
  lookupInputs,
  showsCategories,
  type ApprovedEvents,
  type HubspotWebhookFormChange,
  type HubspotWebhookFormState,
} from 'shared/rules/webhooks';

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
export const approvedEventsOptions: ReadonlyArray<{
  value: ApprovedEvents;
  label: string;
  description: string;
}> = [
  {
    value: 'all',
    label: 'ALL',
    description: 'Every event the platform sends is synced to the CRM.',
  },
  {
    value: 'filtered',
    label: 'FILTERED',
    description: 'Only events of leads in the chosen categories are synced to the CRM.',
  },
];

const flagLabels = {
  createOrUpdateCompany: 'Create or update company',
  createContactCustomProperties: 'Custom contact properties',
  assignCompanyOwner: 'Assign company owner',
  assignContactOwner: 'Assign contact owner',
  createOrUpdateTask: 'Create task',
} as const;
type Flag = keyof typeof flagLabels;

const lookupMethodOptions = objectLookupMethods.map((method) => ({
  value: method,
  label: lookupMethodLabel(method),
}));

/**
 * The HubSpot webhook's fields, shared by the create form and the update dialog (spec §2 "Fields
 * mirror the create form"): owner, platform, lookup method and its properties, the checkboxes,
 * advanced settings, approved events, API key and categories, and the read-only Webhook URL.
 */
export function HubspotWebhookInputs({
  state,
  dispatch,
  lookups,
  disabled = false,
  reportDuplicateEndpoint = false,
  inDialog = false,
}: HubspotWebhookInputsProps) {
  const [advanced, setAdvanced] = useState(false);
  const shown = lookupInputs(state);
  const heyReach = state.emailService === 'heyreach';
  const flag = (name: Flag, flagDisabled = false) => (
    <CheckboxField
      label={flagLabels[name]}
      checked={state[name]}
      onChange={(value) => dispatch({ field: name, value })}
      disabled={disabled || flagDisabled}
    />
  );
  const property = (
    label: string,
    field: 'profileUrlProperty' | 'objectLookupIdField' | 'emailProperty',
  ) => (
    <PropertySelect
      label={label}
      properties={lookups.properties}
      value={state[field]}
      onChange={(value) => dispatch({ field, value })}
      disabled={disabled}
    />
  );

  return (
    <Stack gap="4">
      <OwnerSelect
        owners={lookups.owners}
        value={state.selectedOwner}
        onChange={(value) => dispatch({ field: 'selectedOwner', value })}
        disabled={disabled}
      />
      <PlatformSelect
        options={platformOptions}
        value={state.emailService}
        onChange={(value) => dispatch({ field: 'emailService', value })}
        disabled={disabled}
      />
      {asksSecretKey(state.emailService) && (
        <SmartleadSecretKeyField
          value={state.smartleadSecretKey}
          onChange={(value) => dispatch({ field: 'smartleadSecretKey', value })}
          disabled={disabled}
        />
      )}
      <SelectField
        label="Object lookup method"
        placeholder="Select Object Lookup Method"
        value={state.objectLookupMethod ?? ''}
        options={lookupMethodOptions}
        onChange={(value) =>
          dispatch({
            field: 'objectLookupMethod',
            value: objectLookupMethods.find((method) => method === value) ?? null,
          })
        }
        disabled={disabled}
      />
      {shown.profileUrl && property('Profile URL', 'profileUrlProperty')}
      {shown.lookupField && property('Object lookup selection', 'objectLookupIdField')}
      {shown.email && property('Email', 'emailProperty')}

      <Stack gap="2">
        {flag('createOrUpdateCompany', heyReach)}
        {flag('createContactCustomProperties')}
      </Stack>

      <Button
        variant="outline"
        size="sm"
        alignSelf="flex-start"
        onClick={() => setAdvanced(!advanced)}
        aria-expanded={advanced}
      >
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
        onValueChange={(details) =>
          dispatch({
            field: 'approvedEvents',
            value: details.value === 'filtered' ? 'filtered' : 'all',
          })
        }
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

      {showsCategories(state) && (
        <ApiKeyAndCategories
          lookups={lookups}
          platform={state.emailService}
          apiKeyId={state.apiKeyId}
          categories={state.smartleadBaseCategories}
          onApiKeyChange={(value) => dispatch({ field: 'apiKeyId', value })}
          onCategoriesChange={(value) => dispatch({ field: 'smartleadBaseCategories', value })}
          filterBeforeKey
          disabled={disabled}
          inline={inDialog}
        />
      )}

      <WebhookUrlField
        url={state.webhookUrl}
        generating={Boolean(state.selectedOwner && state.emailService)}
      />
    </Stack>
  );
}
