import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ApiKeyLists, LeadCategory } from '../contract/index';
import { createFakeApi, type FakeApi } from '../testing/fake-api';
import { ApiClientContext } from './api-client-context';
import { createApiClient } from './create-api-client';
import { useOperationMutation, useOperationQuery } from './operation-hooks';
import { queryKeys } from './query-keys';

const emptyLists: ApiKeyLists = { apiKeys: [], allApiKeys: [] };
const category = (id: string, name: string): LeadCategory => ({ id, name, created_at: null });

function setUp(api: FakeApi) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const client = createApiClient({ baseUrl: '', onUnauthorized: () => {}, fetch: api.fetch });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('useOperationQuery', () => {
  it('calls the operation and caches its answer under the factory key', async () => {
    const api = createFakeApi({ 'GET /api/admin/dashboard/api-keys': { body: emptyLists } });
    const { queryClient, wrapper } = setUp(api);
    const { result } = renderHook(() => useOperationQuery('listApiKeys'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(emptyLists));
    expect(api.calls).toEqual([
      { method: 'GET', path: '/api/admin/dashboard/api-keys', body: undefined },
    ]);
    expect(queryClient.getQueryData(queryKeys.of('listApiKeys'))).toEqual(emptyLists);
  });

  it('fills the path from the params and keys each input apart', async () => {
    const api = createFakeApi({
      'GET /api/admin/dashboard/api-keys/{id}/lead-categories': ({ params }) => ({
        body: [category(`c${params.id}`, 'Hot')],
      }),
    });
    const { queryClient, wrapper } = setUp(api);
    const { result } = renderHook(
      () => useOperationQuery('listLeadCategories', { params: { id: 3 } }, { staleTime: 0 }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual([category('c3', 'Hot')]));
    expect(api.calls.map((call) => call.path)).toEqual([
      '/api/admin/dashboard/api-keys/3/lead-categories',
    ]);
    expect(
      queryClient.getQueryData(queryKeys.of('listLeadCategories', { params: { id: 3 } })),
    ).toEqual([category('c3', 'Hot')]);
  });

  it("rejects with the server's message", async () => {
    const api = createFakeApi({
      'GET /api/admin/dashboard/api-keys': {
        status: 500,
        body: { message: 'Database is unavailable' },
      },
    });
    const { wrapper } = setUp(api);
    const { result } = renderHook(() => useOperationQuery('listApiKeys'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Database is unavailable');
  });
});

describe('useOperationMutation', () => {
  it('sends the params and body, applies its updates to every cached answer, invalidates, then calls onSuccess', async () => {
    const api = createFakeApi({
      'DELETE /api/admin/dashboard/smartlead/{id}': ({ params }) => ({
        body: { id: Number(params.id) },
      }),
    });
    const { queryClient, wrapper } = setUp(api);
    queryClient.setQueryData(queryKeys.of('listApiKeys'), {
      apiKeys: [{ id: 1 }, { id: 2 }],
      allApiKeys: [{ id: 2 }],
    });
    queryClient.setQueryData(queryKeys.of('listUserIntegrations'), []);
    const onSuccess = jest.fn();
    const { result } = renderHook(
      () =>
        useOperationMutation('deleteApiKey', {
          update: [
            {
              query: 'listApiKeys',
              apply: (lists, deleted) => ({
                apiKeys: lists.apiKeys.filter((key) => key.id !== deleted.id),
                allApiKeys: lists.allApiKeys.filter((key) => key.id !== deleted.id),
              }),
            },
          ],
          invalidates: ['listUserIntegrations'],
          onSuccess,
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ params: { id: 2 } }));
    expect(api.calls).toEqual([
      { method: 'DELETE', path: '/api/admin/dashboard/smartlead/2', body: undefined },
    ]);
    expect(queryClient.getQueryData(queryKeys.of('listApiKeys'))).toEqual({
      apiKeys: [{ id: 1 }],
      allApiKeys: [],
    });
    expect(queryClient.getQueryState(queryKeys.of('listUserIntegrations'))?.isInvalidated).toBe(
      true,
    );
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0].slice(0, 2)).toEqual([{ id: 2 }, { params: { id: 2 } }]);
  });

  it('writes into the one cached answer its input names, leaving nothing where nothing was cached', async () => {
    const added = [category('hot_lead', 'Hot Lead')];
    const api = createFakeApi({
      'POST /api/admin/dashboard/api-keys/{id}/lead-categories': { body: added },
    });
    const { queryClient, wrapper } = setUp(api);
    queryClient.setQueryData(queryKeys.of('listLeadCategories', { params: { id: 2 } }), []);
    const { result } = renderHook(
      () =>
        useOperationMutation('addLeadCategories', {
          update: [
            {
              query: 'listLeadCategories',
              input: ({ params }) => ({ params }),
              apply: (_cached, answer) => answer,
            },
          ],
        }),
      { wrapper },
    );
    await act(() =>
      result.current.mutateAsync({
        params: { id: 2 },
        body: { categories: [{ categoryName: 'Hot Lead' }] },
      }),
    );
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/api/admin/dashboard/api-keys/2/lead-categories',
      body: { categories: [{ categoryName: 'Hot Lead' }] },
    });
    expect(
      queryClient.getQueryData(queryKeys.of('listLeadCategories', { params: { id: 2 } })),
    ).toEqual(added);
    expect(
      queryClient.getQueryData(queryKeys.of('listLeadCategories', { params: { id: 5 } })),
    ).toBeUndefined();
  });

  it('changes no cache when the call fails, and reports the error', async () => {
    const api = createFakeApi({
      'DELETE /api/admin/dashboard/smartlead/{id}': {
        status: 403,
        body: { message: 'Not your key' },
      },
    });
    const { queryClient, wrapper } = setUp(api);
    queryClient.setQueryData(queryKeys.of('listApiKeys'), { apiKeys: [{ id: 2 }], allApiKeys: [] });
    const apply = jest.fn();
    const { result } = renderHook(
      () => useOperationMutation('deleteApiKey', { update: [{ query: 'listApiKeys', apply }] }),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.mutateAsync({ params: { id: 2 } })).rejects.toThrow(
        'Not your key',
      );
    });
    expect(apply).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(queryKeys.of('listApiKeys'))).toEqual({
      apiKeys: [{ id: 2 }],
      allApiKeys: [],
    });
  });

  it('calls an operation that takes no input with none', async () => {
    const api = createFakeApi({
      'GET /api/admin/hubspot/authorize-url': { body: { url: 'https://hubspot.test/authorize' } },
    });
    const { wrapper } = setUp(api);
    const { result } = renderHook(() => useOperationMutation('getHubspotAuthorizeUrl'), {
      wrapper,
    });
    await expect(act(() => result.current.mutateAsync())).resolves.toEqual({
      url: 'https://hubspot.test/authorize',
    });
  });
});
