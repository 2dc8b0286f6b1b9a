import type { CrmOwner } from 'shared/contract';
import { SelectField } from 'shared/ui';
import { ownerOptionLabel } from 'shared/rules/webhooks';

export interface OwnerSelectProps {
  owners: readonly CrmOwner[];
  value: CrmOwner | null;
  onChange: (owner: CrmOwner | null) => void;
  disabled?: boolean;
}

/** "Select owner" (spec §2): the CRM owners by name plus email; the chosen one stays listed even when the CRM no longer answers it. */
export function OwnerSelect({ owners, value, onChange, disabled = false }: OwnerSelectProps) {
  const listed =
    value && !owners.some((owner) => owner.id === value.id) ? [value, ...owners] : owners;
  return (
    <SelectField
      label="Select owner"
      placeholder="Select Owner"
      value={value?.id ?? ''}
      options={listed.map((owner) => ({ value: owner.id, label: ownerOptionLabel(owner) }))}
      onChange={(id) => onChange(listed.find((owner) => owner.id === id) ?? null)}
      disabled={disabled}
    />
  );
}
