import { MantineProvider } from '@mantine/core';
import { GROUPS, ROLES, getEntity } from '@hub/model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';
import { GraphqlError } from '../../client/graphql';
import { ListPage } from './ListPage';

const graphqlRequest = vi.fn();
vi.mock('../../client/graphql', async (original) => ({
  ...(await original<typeof import('../../client/graphql')>()),
  graphqlRequest: (...args: unknown[]) => graphqlRequest(...args),
}));
const show = vi.fn();
vi.mock('@mantine/notifications', async (original) => ({
  ...(await original<typeof import('@mantine/notifications')>()),
  notifications: { show: (...args: unknown[]) => show(...args) },
}));

const admin = { id: 'a', email: 'admin@hub.example', isDuplicate: false, groups: [{ name: GROUPS.admin, hasBackendAccess: true }] } as Me;
const safetyWorker = {
  id: 'w',
  email: 'safetyworker@sparkright.example',
  isDuplicate: false,
  roleName: ROLES.safetyWorker,
  groups: [{ name: GROUPS.member, hasBackendAccess: false }],
} as unknown as Me;

const ROWS = [
  { id: 'd1', documentName: 'Pending SWMS', status: 'PENDING', documentTypess: [], created: '2026-11-01T00:00:00Z' },
  { id: 'd2', documentName: 'Site SDS', status: 'ACTIVE', documentTypess: [], created: '2026-11-01T00:00:00Z' },
  { id: 'd3', documentName: 'Old policy', status: 'INACTIVE', documentTypess: [], created: '2026-11-01T00:00:00Z' },
];

function openDocuments(me: Me) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const entity = getEntity('DocumentEntity');
  const router = createMemoryRouter(
    [{ path: '/admin/documententity', element: <ListPage entity={entity} title="Documents" basePath="/admin/documententity" /> }],
    { initialEntries: ['/admin/documententity'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const mutations = () => graphqlRequest.mock.calls.filter(([q]) => String(q).startsWith('mutation'));

beforeEach(() => {
  localStorage.clear();
  graphqlRequest.mockReset();
  show.mockReset();
  graphqlRequest.mockImplementation(async (query: string) =>
    query.startsWith('mutation') ? { r: [{ id: 'd1' }] } : { rows: ROWS, total: 3 },
  );
});
afterEach(cleanup);

describe('the back-office document list', () => {
  it('shows each status and the actions the workflow offers for it', async () => {
    openDocuments(admin);
    await screen.findByText('Pending SWMS');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    const query = String(graphqlRequest.mock.calls[0][0]);
    expect(query).toContain('status');
    expect(query).toContain('meaDocument');
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    expect(within(row('Pending SWMS')).getByText('Pending')).toBeTruthy();
    expect(within(row('Pending SWMS')).getByRole('button', { name: 'Approve Pending SWMS' })).toBeTruthy();
    expect(within(row('Pending SWMS')).getByRole('button', { name: 'Remove Pending SWMS' })).toBeTruthy();
    expect(within(row('Site SDS')).getByRole('button', { name: 'Make Inactive Site SDS' })).toBeTruthy();
    expect(within(row('Site SDS')).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(row('Old policy')).getByRole('button', { name: 'Make Active Old policy' })).toBeTruthy();
  });

  it('approves with a status update, removes with a delete, and says so', async () => {
    openDocuments(admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Pending SWMS' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0][0]).toContain('updateDocumentEntity');
    expect(mutations()[0][1]).toEqual({ m: [{ id: 'd1', status: 'ACTIVE' }] });
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Approve: done' })));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Pending SWMS' }));
    await waitFor(() => expect(mutations()).toHaveLength(2));
    expect(mutations()[1][0]).toContain('deleteDocumentEntity');
    expect(mutations()[1][1]).toEqual({ ids: ['d1'] });
  });

  it("shows the server's message when it refuses", async () => {
    const refusal = 'Only a SafetyManager or back-end access can change the status of a document';
    graphqlRequest.mockImplementation(async (query: string) => {
      if (query.startsWith('mutation')) throw new GraphqlError(refusal, [{ message: refusal, extensions: { code: 'FORBIDDEN' } }]);
      return { rows: ROWS, total: 3 };
    });
    openDocuments(admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Inactive Site SDS' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'The document was not changed', message: refusal })),
    );
  });

  it('offers no status action to a role that cannot change a status', async () => {
    openDocuments(safetyWorker);
    await screen.findByText('Pending SWMS');
    expect(screen.getByText('Pending')).toBeTruthy();
    for (const label of ['Approve', 'Remove', 'Make Active', 'Make Inactive'])
      expect(screen.queryByRole('button', { name: new RegExp(`^${label} `) })).toBeNull();
  });
});
