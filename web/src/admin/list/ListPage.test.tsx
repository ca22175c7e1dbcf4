import { MantineProvider } from '@mantine/core';
import { GROUPS, getEntity } from '@hub/model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';
import { ListPage } from './ListPage';

const graphqlRequest = vi.fn();
vi.mock('../../client/graphql', async (original) => ({
  ...(await original<typeof import('../../client/graphql')>()),
  graphqlRequest: (...args: unknown[]) => graphqlRequest(...args),
}));

const admin = { id: 'a', email: 'admin@hub.example', isDuplicate: false, groups: [{ name: GROUPS.admin, hasBackendAccess: true }] } as Me;

/** The list screen of `entityName` at /admin/{path}, under a fresh query client. */
function openList(entityName: 'AssetEntity' | 'NewsEntity', path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], admin);
  const entity = getEntity(entityName);
  const router = createMemoryRouter(
    [{ path: `/admin/${path}`, element: <ListPage entity={entity} title={entity.label} basePath={`/admin/${path}`} /> }],
    { initialEntries: [`/admin/${path}`] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The search terms of the last list request (the values of its 'contains' conditions). */
function lastSearch(): string[] {
  const conditions = graphqlRequest.mock.lastCall?.[1]?.c as { comparison: string; value: string[] }[][];
  return conditions.flat().flatMap((w) => (w.comparison === 'contains' ? w.value : []));
}

beforeEach(() => {
  localStorage.clear();
  graphqlRequest.mockReset();
  graphqlRequest.mockResolvedValue({ rows: [], total: 0 });
});
afterEach(cleanup);

describe('the search box of a list', () => {
  it('keeps its own term: a search on one list does not filter another, and comes back on its own list', async () => {
    openList('AssetEntity', 'assetentity');
    await waitFor(() => expect(graphqlRequest).toHaveBeenCalled());
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ladder' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(lastSearch()).toEqual(expect.arrayContaining(['ladder'])));
    expect(localStorage.getItem('searchedValue')).toBe('ladder');
    cleanup();

    graphqlRequest.mockClear();
    openList('NewsEntity', 'newsentity');
    await waitFor(() => expect(graphqlRequest).toHaveBeenCalled());
    expect(screen.getByLabelText('Search')).toHaveProperty('value', '');
    expect(lastSearch()).toEqual([]);
    cleanup();

    graphqlRequest.mockClear();
    openList('AssetEntity', 'assetentity');
    await waitFor(() => expect(graphqlRequest).toHaveBeenCalled());
    expect(screen.getByLabelText('Search')).toHaveProperty('value', 'ladder');
    expect(lastSearch()).toEqual(expect.arrayContaining(['ladder']));
    expect(lastSearch().every((t) => t === 'ladder')).toBe(true);
  });
});
