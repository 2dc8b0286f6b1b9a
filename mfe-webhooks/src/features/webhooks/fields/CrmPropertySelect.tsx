import { useOperationQuery } from 'shared/client';
import { useFailureToast } from '../use-failure-toast';
import { PropertySelect } from './PropertySelect';

export interface CrmPropertySelectProps {
  label: string;
  userProfileId: number;
  /** SALESFORCE: the object whose fields are offered; HubSpot profiles answer contact properties. */
  object?: string;
  value: string | null;
  onChange: (name: string | null) => void;
  disabled?: boolean;
}

/** A dropdown of the profile's CRM properties (GET /api/admin/profiles/{id}/crm-properties); a failed load shows its toast and an empty list (spec §8). */
export function CrmPropertySelect({
  label,
  userProfileId,
  object,
  value,
  onChange,
  disabled = false,
}: CrmPropertySelectProps) {
  const properties = useOperationQuery('listCrmProperties', {
    params: { id: userProfileId },
    query: object ? { type: object } : {},
  });
  useFailureToast(properties.error);
  return (
    <PropertySelect
      label={label}
      placeholder="Select a property"
      properties={properties.data ?? []}
      value={value ?? ''}
      onChange={(name) => onChange(name === '' ? null : name)}
      disabled={disabled}
    />
  );
}
