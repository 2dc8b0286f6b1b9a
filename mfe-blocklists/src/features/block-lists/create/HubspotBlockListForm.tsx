import { useOperationQuery } from 'shared/client';
import { platforms, type BlockListType, type Integration } from 'shared/contract';
import { FormCard, SelectField, useForm } from 'shared/ui';
import {
  blockTypeLocked,
  emptyHubspotBlockListForm,
  hubspotBlockListForm,
  hubspotListTypeOf,
  listTypesFor,
} from 'shared/rules/blocklists';
import { HeyReachFields } from '../fields/HeyReachFields';
import { lookupFailure } from '../fields/LookupFailure';
import { LookupSelect } from '../fields/LookupSelect';
import { PlatformFields } from '../fields/PlatformFields';
import { usePlatformLookups } from '../fields/use-platform-lookups';
import { listTypeLabel } from '../table/rules';
import { useCreateBlockList } from './use-create-block-list';

const toListType = (value: string): BlockListType | null =>
  value === 'CONTACT_LIST' || value === 'COMPANY_LIST' ? value : null;
const none: never[] = [];

/**
 * spec §2 "Block lists screen", HUBSPOT: list type, the HubSpot list (with its size), platform, API key,
 * blocking type, the Smartlead client, and for heyreach the profile URL fields and the HeyReach list.
 */
export function HubspotBlockListForm({ integration }: { integration: Integration }) {
  const { state, dispatch, check } = useForm(
    hubspotBlockListForm,
    emptyHubspotBlockListForm(integration.id),
  );
  const hubspotLists = useOperationQuery('listHubspotLists', { params: { id: integration.id } });
  const lookups = usePlatformLookups({
    ownerUserId: integration.user.ownerUserId,
    platform: state.platform,
    apiKeyId: state.apiKeyId,
    onClientsLoaded: (count) => dispatch({ kind: 'clients-loaded', count }),
  });
  const create = useCreateBlockList('createHubspotBlockList', () => dispatch({ kind: 'created' }));
  const submit = () => {
    const body = check();
    if (body) create.mutate({ body });
  };
  const busy = create.isPending;
  const ofType = (hubspotLists.data ?? none).filter(
    (list) => state.listType !== null && hubspotListTypeOf(list.objectTypeId) === state.listType,
  );

  return (
    <FormCard
      title="Create a block list"
      onSubmit={submit}
      busy={busy}
      submitLabel="Create Block List"
    >
      <SelectField
        label="List type"
        placeholder="Select List Type"
        value={state.listType ?? ''}
        options={listTypesFor(state.platform).map((listType) => ({
          value: listType,
          label: listTypeLabel(listType),
        }))}
        onChange={(value) => dispatch({ field: 'listType', value: toListType(value) })}
        disabled={busy}
      />
      <LookupSelect
        label="HubSpot list"
        placeholder="Select hubspot list"
        value={state.list?.id ?? ''}
        options={ofType.map((list) => ({
          value: list.listId,
          label: `${list.name} (${list.additionalProperties.hs_list_size})`,
        }))}
        onChange={(value) => {
          const list = ofType.find((candidate) => candidate.listId === value);
          dispatch({ field: 'list', value: list ? { id: list.listId, name: list.name } : null });
        }}
        disabled={busy || state.listType === null}
        failure={lookupFailure(hubspotLists.error)}
        what="The HubSpot lists"
      />
      <PlatformFields
        state={state}
        dispatch={dispatch}
        lookups={lookups}
        platforms={platforms}
        blockTypeLocked={blockTypeLocked(state.listType)}
        disabled={busy}
      />
      {state.platform === 'heyreach' && (
        <HeyReachFields
          profileId={integration.id}
          state={state}
          dispatch={dispatch}
          disabled={busy}
        />
      )}
    </FormCard>
  );
}
