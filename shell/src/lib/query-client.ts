import { QueryClient } from '@tanstack/react-query';
import { isApiError } from 'shared/client';

/** The one QueryClient of the page; the shell hands it to every remote. A 4xx is not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});
