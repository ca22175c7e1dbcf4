import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { GROUPS } from '@hub/model';
import type { FormDefinition } from '@hub/model/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';
import type { FormWithVersions } from './api';
import VersionsPage, { NO_DIFFERENCES, PROMOTE_FAILED } from './VersionsPage';

const graphqlRequest = vi.fn();
vi.mock('../../client/graphql', async (original) => ({
  ...(await original<typeof import('../../client/graphql')>()),
  graphqlRequest: (...args: unknown[]) => graphqlRequest(...args),
}));
const rest = vi.fn();
vi.mock('../../client/api', async (original) => ({
  ...(await original<typeof import('../../client/api')>()),
  api: (...args: unknown[]) => rest(...args),
}));

const admin = { id: 'a', email: 'admin@hub.example', isDuplicate: false, groups: [{ name: GROUPS.admin, hasBackendAccess: true }] } as Me;

const base: Pick<FormDefinition, 'pagination' | 'customOptions'> = { pagination: { type: 'page' }, customOptions: [] };
const v2: FormDefinition = { ...base, slides: [{ name: 'Site', contents: [{ id: 'q1', title: 'Name', questionType: 'text' }] }] };
const v3: FormDefinition = {
  ...base,
  slides: [
    {
      name: 'Site',
      contents: [
        { id: 'q1', title: 'Full name', questionType: 'text' },
        { id: 'q2', title: 'Signature', questionType: 'canvasDraw' },
      ],
    },
  ],
};
const v4: FormDefinition = { ...base, slides: [...v3.slides, { name: 'Sign off', contents: [] }] };

let form: FormWithVersions;
/** `status` as the server derives it. */
const row = (id: string, version: number, active: boolean, status: string, def: FormDefinition) => ({
  id,
  version,
  active,
  status,
  created: `2025-0${version}-10 03:04:00`,
  modified: null,
  // The API answers formData as JSON text.
  formData: JSON.stringify(def),
});

function openPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], admin);
  const router = createMemoryRouter([{ path: '/admin/forms/versions/:id', element: <VersionsPage /> }], {
    initialEntries: ['/admin/forms/versions/f1'],
  });
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const versionRow = (n: number) => screen.getByRole('row', { name: `Version ${n}` });

// jsdom scrolls nothing; Mantine's Select scrolls its selected option into view.
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  // Version 1 archived, 2 published, 3 an older active one, 4 the latest draft.
  form = {
    id: 'f1',
    name: 'Site Induction',
    formType: 'INSPECTIONS',
    publishedVersionId: 'v2',
    formVersions: [
      row('v1', 1, false, 'Active version', v2),
      row('v2', 2, true, 'Published version', v2),
      row('v3', 3, true, 'Active version', v3),
      row('v4', 4, true, 'Draft', v4),
    ],
  };
  graphqlRequest.mockReset();
  rest.mockReset();
  graphqlRequest.mockImplementation((query: string, vars: { m?: { id: string; active: boolean }[] }) => {
    if (query.includes('updateFormsEntityFormVersion')) {
      const [m] = vars.m!;
      form = { ...form, formVersions: form.formVersions.map((v) => (v.id === m.id ? { ...v, active: m.active } : v)) };
      return Promise.resolve({ r: [{ id: m.id }] });
    }
    return Promise.resolve({ r: [form] });
  });
});
afterEach(cleanup);

describe('the versions page', () => {
  it('lists the versions newest first with Date created, the computed Status and the actions each may take', async () => {
    openPage();
    expect(await screen.findByRole('heading', { name: 'Site Induction' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forms Builder' }).getAttribute('href')).toBe('/admin/forms');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Version 4', 'Version 3', 'Version 2', 'Version 1']);

    const latest = within(versionRow(4));
    expect(latest.getByText('Draft')).toBeTruthy();
    expect(latest.getByRole('button', { name: 'Archive version 4' })).toBeTruthy();
    expect(latest.queryByRole('button', { name: 'Promote version 4' })).toBeNull();

    const older = within(versionRow(3));
    expect(older.getByText('Active version')).toBeTruthy();
    expect(older.getByRole('button', { name: 'Promote version 3' })).toBeTruthy();
    expect(older.getByRole('button', { name: 'Archive version 3' })).toBeTruthy();
    expect(older.getByRole('link', { name: 'Open in designer' }).getAttribute('href')).toBe('/admin/forms/build/formsentity/f1?version=v3');

    const published = within(versionRow(2));
    expect(published.getByText('Published version')).toBeTruthy();
    expect(published.getByText('No actions available')).toBeTruthy();
    expect(published.queryByRole('button', { name: /Archive|Promote/ })).toBeNull();

    const archived = within(versionRow(1));
    expect(archived.getByText('Archived')).toBeTruthy();
    expect(archived.getByText('No actions available')).toBeTruthy();
    // DD/MM/YYYY hh:mm A in the viewer's time zone (the tests run in UTC).
    expect(archived.getByText('10/01/2025 03:04 AM')).toBeTruthy();
  });

  it('archives a version after confirmation and refreshes the list', async () => {
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Archive version 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive version 4?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(within(versionRow(4)).getByText('Archived')).toBeTruthy());
    const update = graphqlRequest.mock.calls.find((c) => String(c[0]).includes('updateFormsEntityFormVersion'))!;
    expect(update[1]).toEqual({ m: [{ id: 'v4', active: false }] });
    expect(within(versionRow(4)).getByText('No actions available')).toBeTruthy();
  });

  it('shows what a promotion changes against the published version, then promotes', async () => {
    rest.mockImplementation(() => {
      // The server's answer after the promotion: version 3 published, version 2 an active one.
      const status: Record<string, string> = { v2: 'Active version', v3: 'Published version' };
      form = {
        ...form,
        publishedVersionId: 'v3',
        formVersions: form.formVersions.map((v) => ({ ...v, status: status[v.id] ?? v.status })),
      };
      return Promise.resolve(null);
    });
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Promote version 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote version 3?' });
    expect(within(dialog).getByText('Question "Full name" title changed from "Name" to "Full name".')).toBeTruthy();
    expect(within(dialog).getByText('Question "Signature" added to slide "Site".')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(within(versionRow(3)).getByText('Published version')).toBeTruthy());
    expect(rest).toHaveBeenCalledWith('POST', '/api/entity/FormsEntity/promoteActiveVersion/f1', 'v3');
    expect(within(versionRow(2)).getByText('Active version')).toBeTruthy();
  });

  it('says so when promoting fails', async () => {
    rest.mockRejectedValue(new Error('This version is archived: it cannot be promoted'));
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Promote version 3' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText(PROMOTE_FAILED)).toBeTruthy();
    expect(screen.getByText('This version is archived: it cannot be promoted')).toBeTruthy();
    expect(within(versionRow(2)).getByText('Published version')).toBeTruthy();
  });

  it('shows the differences between any two versions, grouped by slide; none between equal ones', async () => {
    openPage();
    const compare = within(await screen.findByRole('region', { name: 'Differences between versions' }));
    // Defaults: the published version against the latest.
    expect(compare.getByRole('combobox', { name: 'From' })).toHaveProperty('value', 'Version 2 (Published version)');
    expect(compare.getByRole('combobox', { name: 'To' })).toHaveProperty('value', 'Version 4 (Draft)');
    const sign = within(compare.getByRole('region', { name: 'Changes on Sign off' }));
    expect(sign.getByText('Slide "Sign off" added.')).toBeTruthy();
    const site = within(compare.getByRole('region', { name: 'Changes on Site' }));
    expect(site.getByText('Question "Signature" added to slide "Site".')).toBeTruthy();
    expect(site.getByText('Question "Full name" title changed from "Name" to "Full name".')).toBeTruthy();

    // Version 1 holds the same definition as version 2.
    fireEvent.click(compare.getByRole('combobox', { name: 'To' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Version 1 (Active version)' }));
    expect(await compare.findByText(NO_DIFFERENCES)).toBeTruthy();
  });
});
