import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createApiClient, queryKeys } from 'shared/client';
import { useGoToUnauthorized } from '../../lib/shell-host';
import type { RemoteFallbackUsed } from './load-with-fallback';

/**
 * Tells the release registry that this page fell back from an area's version (counted per version
 * on the Releases page). Best effort: a report that fails only says so in the console.
 */
export function useReportFallback(): (used: RemoteFallbackUsed) => void {
  const onUnauthorized = useGoToUnauthorized();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const api = createApiClient({ baseUrl: '', onUnauthorized });
    return ({ name, failed }: RemoteFallbackUsed) => {
      if (failed === undefined) return;
      api
        .call('reportReleaseFallback', { params: { area: name }, body: { version: failed } })
        .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.all('listReleases') }))
        .catch((error: unknown) =>
          console.warn(`The fallback from ${name} ${failed} was not reported:`, error),
        );
    };
  }, [onUnauthorized, queryClient]);
}
