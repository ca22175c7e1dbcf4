import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { GROUPS, getEntity, type EntityDef } from '@hub/model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';
import { RecordPage } from './RecordPage';

const graphqlRequest = vi.fn();
vi.mock('../../client/graphql', async (original) => ({
  ...(await original<typeof import('../../client/graphql')>()),
  graphqlRequest: (...args: unknown[]) => graphqlRequest(...args),
}));

const admin = { id: 'a', email: 'admin@hub.example', isDuplicate: false, groups: [{ name: GROUPS.admin, hasBackendAccess: true }] } as Me;

function openRecord(entity: EntityDef, mode: 'create' | 'view', path = '/admin/x/create') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], admin);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <RecordPage entity={entity} title="Record" mode={mode} id={mode === 'view' ? 'r1' : undefined} listPath="/admin/x" />,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const forms = getEntity('FormsEntity');

beforeEach(() => {
  graphqlRequest.mockReset();
  graphqlRequest.mockResolvedValue({ r: [] });
});
afterEach(cleanup);

describe('the generic Create screen', () => {
  it("leaves out a new form's read-only and derived fields, which cannot be set and have no value yet", async () => {
    openRecord(forms, 'create');
    expect(await screen.findByRole('heading', { name: 'Create Form' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Is Active' })).toBeTruthy();
    for (const label of ['Status', 'Latest Form Version', 'Published Version']) expect(screen.queryByText(label)).toBeNull();
    expect(screen.queryByText('—')).toBeNull();
  });

  it('still shows a read-only field that holds a value on create, and every field when viewing', async () => {
    const entity: EntityDef = {
      name: 'FormsEntity',
      label: 'Thing',
      table: 'things',
      display: 'name',
      scope: { kind: 'custom', rule: 'forms' },
      fields: {
        name: { kind: 'text', label: 'Name', order: 10 },
        kind: { kind: 'text', label: 'Kind', readOnly: true, default: 'Standard', order: 20 },
        stamped: { kind: 'datetime', label: 'Stamped', readOnly: true, order: 30 },
      },
    } as EntityDef;
    openRecord(entity, 'create');
    expect(await screen.findByText('Kind')).toBeTruthy();
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.queryByText('Stamped')).toBeNull();
    cleanup();

    graphqlRequest.mockResolvedValue({
      r: {
        id: 'r1',
        created: '2025-01-01 00:00:00',
        modified: '2025-01-01 00:00:00',
        name: 'Gate',
        status: 'Published',
        latestFormVersion: 3,
      },
    });
    openRecord(forms, 'view', '/admin/x/view/r1');
    expect(await screen.findByText('Status')).toBeTruthy();
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.getByText('Latest Form Version')).toBeTruthy();
    expect(screen.getByText('Published Version')).toBeTruthy();
  });
});
