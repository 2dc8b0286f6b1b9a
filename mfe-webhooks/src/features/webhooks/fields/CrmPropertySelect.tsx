import { useOperationQuery } from 'shared/client';
import { SelectField } from './SelectField';
import { useFailureToast } from '../create/use-failure-toast';

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
export function CrmPropertySelect({ label, userProfileId, object, value, onChange, disabled = false }: CrmPropertySelectProps) {
  const properties = useOperationQuery('listCrmProperties', { params: { id: userProfileId }, query: object ? { type: object } : {} });
  useFailureToast(properties.error);
  const options = (properties.data ?? []).map((property) => ({ value: property.name, label: `${property.label} (${property.name})` }));
  // the saved choice stays listed while (or if not) the CRM answers it
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: value });
  return <SelectField label={label} placeholder="Select a property" value={value ?? ''} options={options} onChange={(name) => onChange(name === '' ? null : name)} disabled={disabled} />;
}
