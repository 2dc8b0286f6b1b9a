import { Checkbox, Stack, Text } from '@chakra-ui/react';
import type { BlockListType, BlockType, Platform, SmartleadClient } from 'shared/contract';
import { noApiKeyHint, platformLabel, toPlatform } from 'shared/rules';
import { SelectField } from 'shared/ui';
import {
  blockTypesFor,
  showsClient,
  showsDomainForNonLatin,
  type PlatformChoices,
} from 'shared/rules/blocklists';
import { blockTypeLabel } from '../table/rules';
import { lookupFailure } from './LookupFailure';
import { LookupSelect } from './LookupSelect';
import type { PlatformLookups } from './use-platform-lookups';

/** The platform side both forms share; HUBSPOT's list type too (the non-Latin checkbox needs a contact list), absent for SALESFORCE. */
export type PlatformFieldsState = Omit<PlatformChoices, 'userProfileId'> & {
  listType?: BlockListType | null;
};

export type PlatformFieldsChange =
  | { field: 'platform'; value: Platform | null }
  | { field: 'apiKeyId'; value: number | null }
  | { field: 'blockType'; value: BlockType | null }
  | { field: 'client'; value: SmartleadClient | null }
  | { field: 'useDomainForNonLatin'; value: boolean };

export interface PlatformFieldsProps {
  state: PlatformFieldsState;
  dispatch: (change: PlatformFieldsChange) => void;
  lookups: PlatformLookups;
  /** The platforms the form offers (SALESFORCE: no heyreach). */
  platforms: readonly Platform[];
  /** A company list locks the blocking type at DOMAIN (spec §4). */
  blockTypeLocked?: boolean;
  disabled?: boolean;
}

/** spec §5 "Block list further rules": what the checkbox says. */
export const nonLatinTexts = {
  label: 'Block the whole domain of emails with non-Latin characters',
  explanation:
    'Instantly does not support non-Latin characters in its block list. By default, the whole domain is blocked for such emails.',
} as const;

const toBlockType = (value: string): BlockType | null =>
  value === 'ADDRESS' || value === 'DOMAIN' ? value : null;

/** Platform, API key, blocking type, the Smartlead client (more than one) and instantly's non-Latin checkbox. */
export function PlatformFields({
  state,
  dispatch,
  lookups,
  platforms,
  blockTypeLocked = false,
  disabled = false,
}: PlatformFieldsProps) {
  const social = state.platform === 'heyreach';
  return (
    <>
      <SelectField
        label="Platform"
        placeholder="Select Email Service"
        value={state.platform ?? ''}
        options={platforms.map((platform) => ({ value: platform, label: platformLabel(platform) }))}
        onChange={(value) => dispatch({ field: 'platform', value: toPlatform(value) })}
        disabled={disabled}
      />
      <LookupSelect
        label="API Key"
        placeholder="Select API Key"
        value={state.apiKeyId === null ? '' : String(state.apiKeyId)}
        options={lookups.apiKeys.map((key) => ({
          value: String(key.id),
          label: `${key.description} (${key.apiKey})`,
        }))}
        onChange={(value) =>
          dispatch({ field: 'apiKeyId', value: value === '' ? null : Number(value) })
        }
        disabled={disabled || state.platform === null}
        failure={lookupFailure(lookups.apiKeysError)}
        what="The API keys"
        hint={
          state.platform !== null && lookups.apiKeysLoaded && lookups.apiKeys.length === 0
            ? noApiKeyHint(state.platform)
            : undefined
        }
      />
      <SelectField
        label="Type of blocking"
        placeholder="Select Type of blocking"
        value={state.blockType ?? ''}
        options={blockTypesFor(state.platform).map((blockType) => ({
          value: blockType,
          label: blockTypeLabel(blockType, social),
        }))}
        onChange={(value) => dispatch({ field: 'blockType', value: toBlockType(value) })}
        disabled={disabled || blockTypeLocked}
      />
      {(showsClient(state) || lookups.clientsError !== null) && (
        <LookupSelect
          label="Client"
          placeholder="Select Smartlead Client"
          value={state.client === null ? '' : String(state.client.id)}
          options={lookups.clients.map((client) => ({
            value: String(client.id),
            label: client.email ? `${client.name} (${client.email})` : client.name,
          }))}
          onChange={(value) =>
            dispatch({
              field: 'client',
              value: lookups.clients.find((client) => String(client.id) === value) ?? null,
            })
          }
          disabled={disabled}
          failure={lookupFailure(lookups.clientsError)}
          what="The Smartlead clients"
        />
      )}
      {showsDomainForNonLatin(state) && (
        <Stack gap="1">
          <Checkbox.Root
            checked={state.useDomainForNonLatin}
            onCheckedChange={(details) =>
              dispatch({ field: 'useDomainForNonLatin', value: details.checked === true })
            }
            disabled={disabled}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{nonLatinTexts.label}</Checkbox.Label>
          </Checkbox.Root>
          <Text color="fg.muted" fontSize="xs">
            {nonLatinTexts.explanation}
          </Text>
        </Stack>
      )}
    </>
  );
}
