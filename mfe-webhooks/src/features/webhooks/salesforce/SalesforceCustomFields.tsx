import { useEffect } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useOperationQuery } from 'shared/client';
import { SelectField } from 'shared/ui';
import { CheckboxField } from '../fields/CheckboxField';
import { MultiSelect } from '../inputs/MultiSelect';
import { useFailureToast } from '../use-failure-toast';
import { useCreateSalesforceFields } from './use-create-salesforce-fields';
import {
  customFieldObjectOptions,
  salesforceFieldsLabels as labels,
  type SalesforceFieldsChange,
  type SalesforceFieldsState,
} from 'shared/rules/webhooks';

export interface SalesforceCustomFieldsProps {
  userProfileId: number;
  state: SalesforceFieldsState;
  dispatch: (change: SalesforceFieldsChange) => void;
  disabled?: boolean;
  /** Inside a dialog: dropdowns render in place rather than in a portal. */
  inline?: boolean;
}

/** "Custom Fields" and, when on, "Custom Field Objects", "Select Permissions" (System Administrator preselected) and "Create Fields". */
export function SalesforceCustomFields({
  userProfileId,
  state,
  dispatch,
  disabled = false,
  inline = false,
}: SalesforceCustomFieldsProps) {
  const on = state.createContactCustomProperties;
  const permissions = useOperationQuery(
    'listSalesforcePermissions',
    { params: { userProfileId } },
    { enabled: on },
  );
  useFailureToast(permissions.error);
  const { data } = permissions;
  useEffect(() => {
    if (data) dispatch({ kind: 'permissions-loaded', permissions: data });
  }, [data, dispatch]);
  const createFields = useCreateSalesforceFields(userProfileId, state, dispatch);

  return (
    <>
      <CheckboxField
        label={labels.customFields}
        checked={on}
        onChange={(value) => dispatch({ field: 'createContactCustomProperties', value })}
        disabled={disabled}
      />
      {on && (
        <>
          <MultiSelect
            label={labels.customFieldObjects}
            placeholder="Select objects"
            inline={inline}
            value={state.salesforceCustomFieldObjects}
            options={customFieldObjectOptions.map((object) => ({ value: object, label: object }))}
            // kept in the list's order, whatever order they were picked in
            onChange={(value) =>
              dispatch({
                field: 'salesforceCustomFieldObjects',
                value: customFieldObjectOptions.filter((object) => value.includes(object)),
              })
            }
            disabled={disabled}
          />
          <HStack align="flex-end" gap="3">
            <SelectField
              label={labels.permissions}
              placeholder={
                permissions.isPending ? 'Loading permission sets…' : 'Select a permission set'
              }
              value={state.permissionId ?? ''}
              options={(data ?? []).map((permission) => ({
                value: permission.Id,
                label: permission.Label || permission.Name,
              }))}
              onChange={(value) =>
                dispatch({ field: 'permissionId', value: value === '' ? null : value })
              }
              disabled={disabled}
            />
            <Button
              variant="outline"
              onClick={createFields.run}
              loading={createFields.pending}
              loadingText={labels.createFields}
              spinnerPlacement="start"
              disabled={disabled}
              flexShrink={0}
            >
              {labels.createFields}
            </Button>
          </HStack>
        </>
      )}
    </>
  );
}
