import { Stack, Text } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';
import { SelectField, type SelectFieldProps } from 'shared/ui';

export interface LookupSelectProps extends SelectFieldProps {
  /** The failed load of the options: said under this field only, the rest of the form keeps working. */
  error?: Error | null;
  /** What the options are, for the failure's text ("The HubSpot lists could not be loaded"). */
  what: string;
}

/** A dropdown whose options come from a lookup call; a failed lookup degrades this field alone. */
export function LookupSelect({ error, what, ...select }: LookupSelectProps) {
  return (
    <Stack gap="1">
      <SelectField {...select} />
      {error && (
        <Text color="fg.error" fontSize="sm">
          {`${what} could not be loaded: ${errorMessage(error)}`}
        </Text>
      )}
    </Stack>
  );
}
