import type { Platform } from 'shared/contract';
import { toPlatform } from 'shared/rules';
import { SelectField } from 'shared/ui';

export interface PlatformSelectProps {
  /** The platforms the profile's CRM offers (shared/rules webhookPlatformOptions). */
  options: ReadonlyArray<{ value: Platform; label: string }>;
  value: Platform | null;
  onChange: (platform: Platform | null) => void;
  disabled?: boolean;
}

/** "Sales Engagement Platform" (spec §2). */
export function PlatformSelect({
  options,
  value,
  onChange,
  disabled = false,
}: PlatformSelectProps) {
  return (
    <SelectField
      label="Sales Engagement Platform"
      placeholder="Select Sales Engagement Platform"
      value={value ?? ''}
      options={options}
      onChange={(text) => onChange(toPlatform(text))}
      disabled={disabled}
    />
  );
}
