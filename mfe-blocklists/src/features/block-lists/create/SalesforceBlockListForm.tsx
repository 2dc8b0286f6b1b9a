import { useOperationQuery } from 'shared/client';
import type { Integration, SalesforceList } from 'shared/contract';
import { FormCard, useForm } from 'shared/ui';
import {
  emptySalesforceBlockListForm,
  salesforceBlockListForm,
  salesforceBlockListPlatforms,
} from 'shared/rules/blocklists';
import { CheckboxList } from '../fields/CheckboxList';
import { lookupFailure } from '../fields/LookupFailure';
import { LookupSelect } from '../fields/LookupSelect';
import { PlatformFields } from '../fields/PlatformFields';
import { usePlatformLookups } from '../fields/use-platform-lookups';
import { useCreateBlockList } from './use-create-block-list';

const none: never[] = [];
const listLabel = (list: SalesforceList): string =>
  `${list.Name} (${list.type === 'Report' ? 'Report' : 'List view'})`;

/** spec §2 "Block lists screen", SALESFORCE: the list (list view or report), its fields, platform (no heyreach), API key, blocking type, client. */
export function SalesforceBlockListForm({ integration }: { integration: Integration }) {
  const { state, dispatch, check } = useForm(
    salesforceBlockListForm,
    emptySalesforceBlockListForm(integration.id),
  );
  const lists = useOperationQuery('listSalesforceLists', { params: { id: integration.id } });
  const listId = state.list?.id ?? '';
  const fields = useOperationQuery(
    'listSalesforceReportFields',
    { params: { id: integration.id, reportId: listId } },
    { enabled: listId !== '' },
  );
  const lookups = usePlatformLookups({
    ownerUserId: integration.user.ownerUserId,
    platform: state.platform,
    apiKeyId: state.apiKeyId,
    onClientsLoaded: (count) => dispatch({ kind: 'clients-loaded', count }),
  });
  const create = useCreateBlockList('createSalesforceBlockList', () =>
    dispatch({ kind: 'created' }),
  );
  const submit = () => {
    const body = check();
    if (body) create.mutate({ body });
  };
  const busy = create.isPending;
  const offered = lists.data ?? none;

  return (
    <FormCard
      title="Create a block list"
      onSubmit={submit}
      busy={busy}
      submitLabel="Create Block List"
    >
      <LookupSelect
        label="List"
        placeholder="Select list"
        value={listId}
        options={offered.map((list) => ({ value: list.Id, label: listLabel(list) }))}
        onChange={(value) => {
          const list = offered.find((candidate) => candidate.Id === value);
          dispatch({ field: 'list', value: list ? { id: list.Id, name: list.Name } : null });
        }}
        disabled={busy}
        failure={lookupFailure(lists.error)}
        what="The Salesforce lists"
      />
      {listId !== '' && (
        <CheckboxList
          label="Fields"
          options={(fields.data ?? none).map((field) => ({
            value: field.name,
            label: `${field.label} (${field.name})`,
          }))}
          value={state.fields}
          onChange={(value) => dispatch({ field: 'fields', value })}
          emptyText="The list has no fields"
          loading={fields.isPending}
          failure={lookupFailure(fields.error)}
          what="The list's fields"
          disabled={busy}
        />
      )}
      <PlatformFields
        state={state}
        dispatch={dispatch}
        lookups={lookups}
        platforms={salesforceBlockListPlatforms}
        disabled={busy}
      />
    </FormCard>
  );
}
