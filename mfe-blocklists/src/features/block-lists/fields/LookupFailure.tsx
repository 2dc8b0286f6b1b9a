import { Text } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';

/** What a failed lookup says: the server's message, or "Something went wrong"; null when it did not fail. */
export const lookupFailure = (error: Error | null): string | null =>
  error ? errorMessage(error) : null;

/** "{what} could not be loaded: {why}", under the one field it concerns. */
export function LookupFailure({ what, failure }: { what: string; failure: string }) {
  return (
    <Text color="fg.error" fontSize="sm">
      {`${what} could not be loaded: ${failure}`}
    </Text>
  );
}
