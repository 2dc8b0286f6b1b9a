import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiClient, queryKeys, serverMessage, type ApiClient } from 'shared/client';
import type { ReleaseArea, RemoteName } from 'shared/contract';
import { failureToast, successToast } from 'shared/rules';
import { notify } from '../../lib/notify';
import { useGoToUnauthorized } from '../../lib/shell-host';
import { successOf, type ReleaseChange } from './release-actions';

/** The one contract call of each action. */
function perform(api: ApiClient, action: ReleaseChange): Promise<ReleaseArea> {
  const params = { area: action.area };
  switch (action.kind) {
    case 'activate':
      return api.call('activateRelease', { params, body: { version: action.version } });
    case 'rollback':
      return api.call('rollbackRelease', { params });
    case 'promote':
      return api.call('promoteReleaseCanary', { params });
    case 'drop':
      return api.call('dropReleaseCanary', { params });
    case 'canary':
      return api.call('setReleaseCanary', {
        params,
        body: { version: action.version, percent: action.percent },
      });
  }
}

/** Why the registry refused an area's last change (its gate's message as the api gave it). */
export interface Refusal {
  area: RemoteName;
  message: string;
}

/**
 * The registry's areas and the changes of what they run: each change answers with its area, which
 * replaces that area in the list; a refusal is toasted and kept for the area until its next change.
 */
export function useReleases() {
  const onUnauthorized = useGoToUnauthorized();
  const api = useMemo(() => createApiClient({ baseUrl: '', onUnauthorized }), [onUnauthorized]);
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const areas = useQuery({
    queryKey: queryKeys.of('listReleases'),
    queryFn: () => api.call('listReleases'),
  });
  const change = useMutation({
    mutationFn: (action: ReleaseChange) => perform(api, action),
    onMutate: () => setRefusal(null),
    onSuccess: (answer, action) => {
      queryClient.setQueryData<ReleaseArea[]>(queryKeys.of('listReleases'), (list) =>
        list?.map((area) => (area.area === answer.area ? answer : area)),
      );
      notify(successToast(successOf(action, answer)));
    },
    onError: (error, action) => {
      const toast = failureToast(error);
      if (toast) notify(toast);
      const message = serverMessage(error);
      if (message) setRefusal({ area: action.area, message });
    },
  });
  return { areas, change, refusal };
}
