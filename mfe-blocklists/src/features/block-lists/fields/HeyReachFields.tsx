import { useEffect, useRef } from 'react';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { queryKeys, useOperationMutation, useOperationQuery } from 'shared/client';
import type { HeyReachLists } from 'shared/contract';
import { validationToast } from 'shared/rules';
import { TextField, useHost } from 'shared/ui';
import {
  groupProfileUrlFields,
  heyReachListCreatedResult,
  heyReachListCreateFailure,
  heyReachListNameProblem,
  type HubspotBlockListFormChange,
  type HubspotBlockListFormState,
  preselectedProfileUrlFields,
} from 'shared/rules/blocklists';
import { CheckboxList } from './CheckboxList';
import { lookupFailure } from './LookupFailure';
import { LookupSelect } from './LookupSelect';

/** The heyreach list dropdown's choice that reveals the new list's name input (spec §4). */
export const CREATE_NEW_LIST = 'new';
export const createNewListLabel = '+ Create New List';

export interface HeyReachFieldsProps {
  /** The HubSpot profile whose contact properties hold the profile URLs. */
  profileId: number;
  state: Pick<
    HubspotBlockListFormState,
    | 'apiKeyId'
    | 'profileUrlFieldNames'
    | 'heyReachListId'
    | 'creatingHeyReachList'
    | 'newHeyReachListName'
  >;
  dispatch: (change: HubspotBlockListFormChange) => void;
  disabled?: boolean;
}

const none: never[] = [];

/**
 * heyreach (spec §2, §4): the contact properties holding the profile URL, and the HeyReach list the leads
 * go to, with "+ Create New List" (a name and Create; the created list is selected).
 */
export function HeyReachFields({
  profileId,
  state,
  dispatch,
  disabled = false,
}: HeyReachFieldsProps) {
  const { notify, queryClient } = useHost();
  const properties = useOperationQuery('listHubspotContactProperties', {
    params: { userId: profileId },
  });
  // once the properties are known, a form with none chosen starts with the LinkedIn URL ones
  const preselected = useRef(false);
  useEffect(() => {
    if (!properties.data || preselected.current) return;
    preselected.current = true;
    const names = preselectedProfileUrlFields(properties.data);
    if (state.profileUrlFieldNames.length === 0 && names.length > 0)
      dispatch({ field: 'profileUrlFieldNames', value: names });
  }, [properties.data, state.profileUrlFieldNames, dispatch]);
  const listsInput = { params: { id: state.apiKeyId ?? 0 } };
  const lists = useOperationQuery('listHeyReachLists', listsInput, {
    enabled: state.apiKeyId !== null,
  });
  // HeyReach refusing the key answers success false with its words
  const refused =
    lists.data && !lists.data.success ? lists.data.error || 'HeyReach refused the API key' : null;
  const create = useOperationMutation('createHeyReachList', {
    onSuccess: (answer, variables) => {
      const result = heyReachListCreatedResult(answer);
      if ('failure' in result) return notify(result.failure);
      const created = { id: result.id, name: variables.body.listName.trim() };
      queryClient.setQueryData<HeyReachLists>(
        queryKeys.of('listHeyReachLists', listsInput),
        (cached) => (cached ? { ...cached, lists: [...cached.lists, created] } : cached),
      );
      dispatch({ kind: 'heyreach-list-created', id: result.id });
    },
    onError: (error) => {
      const toast = heyReachListCreateFailure(error);
      if (toast) notify(toast);
    },
  });
  const createList = () => {
    const problem = heyReachListNameProblem(state.newHeyReachListName);
    if (problem) return notify(validationToast(problem.message));
    if (state.apiKeyId !== null)
      create.mutate({
        params: { id: state.apiKeyId },
        body: { listName: state.newHeyReachListName },
      });
  };

  const offered = lists.data?.lists ?? none;
  return (
    <>
      <CheckboxList
        label="Profile URL fields"
        groups={groupProfileUrlFields(properties.data ?? none).map((group) => ({
          label: group.label,
          options: group.properties.map((property) => ({
            value: property.name,
            label: `${property.label} (${property.name})`,
          })),
        }))}
        value={state.profileUrlFieldNames}
        onChange={(value) => dispatch({ field: 'profileUrlFieldNames', value })}
        emptyText="The profile has no contact properties"
        loading={properties.isPending}
        failure={lookupFailure(properties.error)}
        what="The contact properties"
        disabled={disabled}
      />
      <Stack gap="2">
        <LookupSelect
          label="HeyReach list"
          placeholder="Please select HeyReach list"
          value={
            state.creatingHeyReachList
              ? CREATE_NEW_LIST
              : state.heyReachListId === null
                ? ''
                : String(state.heyReachListId)
          }
          options={[
            ...offered.map((list) => ({ value: String(list.id), label: list.name })),
            { value: CREATE_NEW_LIST, label: createNewListLabel },
          ]}
          onChange={(value) =>
            value === CREATE_NEW_LIST
              ? dispatch({ kind: 'heyreach-new-list' })
              : dispatch({ field: 'heyReachListId', value: value === '' ? null : Number(value) })
          }
          disabled={disabled || state.apiKeyId === null}
          failure={lookupFailure(lists.error) ?? refused}
          what="The HeyReach lists"
        />
        {state.creatingHeyReachList && (
          <HStack align="flex-end">
            <TextField
              label="New list name"
              value={state.newHeyReachListName}
              onChange={(value) => dispatch({ field: 'newHeyReachListName', value })}
              disabled={disabled}
            />
            <Button
              variant="outline"
              onClick={createList}
              aria-label="Create HeyReach list"
              loading={create.isPending}
              loadingText="Create"
              spinnerPlacement="start"
              disabled={disabled}
            >
              Create
            </Button>
          </HStack>
        )}
      </Stack>
    </>
  );
}
