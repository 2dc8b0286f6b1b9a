import { Stack } from '@chakra-ui/react';
import { SelectField, type SelectFieldProps } from 'shared/ui';
import { LookupFailure } from './LookupFailure';

export interface LookupSelectProps extends SelectFieldProps {
  /** Why the options could not be loaded (lookupFailure): said under this field only, the rest of the form keeps working. */
  failure?: string | null;
  /** What the options are, for the failure's text ("The HubSpot lists could not be loaded"). */
  what: string;
}

/** A dropdown whose options come from a lookup call; a failed lookup degrades this field alone. */
export function LookupSelect({ failure, what, ...select }: LookupSelectProps) {
  return (
    <Stack gap="1">
      <SelectField {...select} />
      {failure && <LookupFailure what={what} failure={failure} />}
    </Stack>
  );
}
