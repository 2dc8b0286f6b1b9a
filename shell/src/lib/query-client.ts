import { QueryClient } from '@tanstack/react-query';
import { isApiError } from 'shared/client';

/** A QueryClient whose queries do not retry a 4xx; an embedded area makes its own. */
export const newQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });

/** The one QueryClient of the page; the shell hands it to every remote. */
export const queryClient = newQueryClient();
