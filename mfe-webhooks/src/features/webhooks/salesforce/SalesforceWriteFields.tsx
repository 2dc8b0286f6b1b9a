import type { LogType } from 'shared/contract';
import { SelectField } from 'shared/ui';
import { CheckboxField } from '../fields/CheckboxField';
import { CrmPropertySelect } from '../fields/CrmPropertySelect';
import { CustomTaskSubjectField } from './CustomTaskSubjectField';
import {
  logTypeOptions,
  salesforceFieldsLabels as labels,
  salesforceObjectOptions,
  writeModeOptions,
  type SalesforceFieldsChange,
  type SalesforceFieldsState,
} from 'shared/rules/webhooks';

export interface SalesforceWriteFieldsProps {
  userProfileId: number;
  state: SalesforceFieldsState;
  dispatch: (change: SalesforceFieldsChange) => void;
  disabled?: boolean;
}

/** How a SALESFORCE webhook writes: Log Type, Salesforce Object, the os_objectlookup_id field, Upsert Or Update Only and, for log type 1, Custom Task Subject. */
export function SalesforceWriteFields({
  userProfileId,
  state,
  dispatch,
  disabled = false,
}: SalesforceWriteFieldsProps) {
  return (
    <>
      <SelectField
        label={labels.logType}
        value={String(state.logType)}
        options={logTypeOptions.map((option) => ({
          value: String(option.value),
          label: option.label,
        }))}
        onChange={(value) => dispatch({ field: 'logType', value: Number(value) as LogType })}
        disabled={disabled}
      />
      <SelectField
        label={labels.salesforceObject}
        value={state.salesforceObjectType}
        options={salesforceObjectOptions}
        onChange={(value) => dispatch({ field: 'salesforceObjectType', value })}
        disabled={disabled}
      />
      <CheckboxField
        label={labels.objectLookupField}
        checked={state.useObjectLookupField}
        onChange={(value) => dispatch({ field: 'useObjectLookupField', value })}
        disabled={disabled}
      />
      {state.useObjectLookupField && (
        <CrmPropertySelect
          label={labels.objectLookupProperty}
          userProfileId={userProfileId}
          object={state.salesforceObjectType}
          value={state.objectLookupIdField}
          onChange={(value) => dispatch({ field: 'objectLookupIdField', value })}
          disabled={disabled}
        />
      )}
      <SelectField
        label={labels.writeMode}
        value={String(state.salesforceOnlyUpdate)}
        options={writeModeOptions.map((option) => ({
          value: String(option.value),
          label: option.label,
        }))}
        onChange={(value) => dispatch({ field: 'salesforceOnlyUpdate', value: value === 'true' })}
        disabled={disabled}
      />
      {state.logType === 1 && (
        <CustomTaskSubjectField
          value={state.customTaskSubject}
          onChange={(value) => dispatch({ field: 'customTaskSubject', value })}
          disabled={disabled}
        />
      )}
    </>
  );
}
