import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { GROUPS } from '@hub/model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';
import type { FormTileData } from './api';
import { DISCARD_FAILED, FormsBuilderPage, inactiveWarning, NO_FORMS, OPEN_HINT } from './FormsBuilderPage';

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

const form = (over: Partial<FormTileData>): FormTileData => ({
  id: 'f',
  name: 'Form',
  formType: 'RISK_ASSESSMENT',
  isActive: true,
  modified: '2025-03-04 05:06:07',
  status: 'Draft',
  publishedVersionId: null,
  publishedVersion: null,
  formVersions: [],
  ...over,
});
/** Published version 1 and a newer version 2: a draft. */
const drafted = form({
  id: 'f1',
  name: 'Site Induction',
  formType: 'INSPECTIONS',
  publishedVersionId: 'v1',
  publishedVersion: { id: 'v1', version: 1 },
  formVersions: [
    { id: 'v1', version: 1, active: true },
    { id: 'v2', version: 2, active: true },
  ],
});
const published = form({
  id: 'f2',
  name: 'Hazard Report',
  formType: 'INCIDENT',
  status: 'Published',
  publishedVersionId: 'v3',
  publishedVersion: { id: 'v3', version: 3 },
  formVersions: [{ id: 'v3', version: 3, active: true }],
});
const inactive = form({ id: 'f3', name: 'Old Permit', formType: 'PERMITS', isActive: false });

/** A tile's button: named by its words, beginning with the form's name; described by what it does. */
const tile = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name} `), description: OPEN_HINT });

let active: FormTileData[];
let inactiveForms: FormTileData[];

function Where() {
  const l = useLocation();
  return <p>Designer at {l.pathname + l.search}</p>;
}

function openPage(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], admin);
  const router = createMemoryRouter(
    [
      { path: '/admin/forms/:tab?', element: <FormsBuilderPage /> },
      { path: '/admin/forms/build/:entity/:id', element: <Where /> },
      { path: '/admin/forms/versions/:id', element: <Where /> },
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
  return router;
}

/** The isActive condition of the last forms list request. */
const listedActive = () => {
  const call = graphqlRequest.mock.calls.filter((c) => String(c[0]).includes('formsEntitys')).at(-1);
  return (call?.[1] as { c: { path: string; comparison: string; value: string[] }[][] }).c[0][0];
};

beforeEach(() => {
  active = [drafted, published];
  inactiveForms = [inactive];
  graphqlRequest.mockReset();
  rest.mockReset();
  graphqlRequest.mockImplementation((query: string, vars: { c?: { comparison: string }[][]; m?: { id: string; isActive: boolean }[] }) => {
    if (query.includes('updateFormsEntity')) {
      const [m] = vars.m!;
      // The server moves the form between the tabs.
      const all = [...active, ...inactiveForms].map((f) => (f.id === m.id ? { ...f, isActive: m.isActive } : f));
      active = all.filter((f) => f.isActive);
      inactiveForms = all.filter((f) => !f.isActive);
      return Promise.resolve({ r: [{ id: m.id }] });
    }
    return Promise.resolve({ r: vars.c![0][0].comparison === 'equal' ? active : inactiveForms });
  });
});
afterEach(cleanup);

describe('the Forms Builder', () => {
  it('falls back to the first tab for an unknown one, lists forms by type, and says when a type has none', async () => {
    openPage('/admin/forms/nonsense');
    expect(await screen.findByText('Site Induction')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Active Forms' }).getAttribute('aria-selected')).toBe('true');
    expect(listedActive()).toEqual({ path: 'isActive', comparison: 'equal', value: ['true'] });
    expect(screen.getByRole('heading', { name: 'Forms Builder' })).toBeTruthy();
    // Nine types: two with a form, seven without.
    expect(screen.getAllByText(NO_FORMS)).toHaveLength(7);
    const inspections = screen.getByRole('list', { name: 'Inspections forms' });
    expect(within(inspections).getByText('Draft')).toBeTruthy();
    expect(within(inspections).getByText('Published version 1')).toBeTruthy();
    const incident = screen.getByRole('list', { name: 'Incident forms' });
    expect(within(incident).getByText('Published')).toBeTruthy();
    // The tile's button is named by all its words, the form's name first (what it does is its description).
    expect(
      within(incident).getByRole('button', {
        name: 'Hazard Report Published Published version 3 Last modified 04/03/2025 05:06 AM',
        description: OPEN_HINT,
      }),
    ).toBeTruthy();
    // The status is the server's derived one, as the list asks for it.
    expect(String(graphqlRequest.mock.calls[0][0])).toMatch(/\bstatus\b/);
    expect(screen.getByText('Meetings and Training')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New Form' }).getAttribute('href')).toBe(
      `/admin/formsentity/create?redirect=${encodeURIComponent('/admin/forms/build/formsentity/{id}')}`,
    );
  });

  it("shows when the form's latest version was saved as its last modified time", async () => {
    active = [
      form({
        id: 'f7',
        name: 'Vehicle Check',
        modified: '2025-03-04 05:06:07',
        formVersions: [
          { id: 'x1', version: 1, active: true, modified: '2025-03-05 10:00:00' },
          // Saved last, though not the highest version.
          { id: 'x0', version: 2, active: true, modified: '2025-06-01 17:30:00' },
        ],
      }),
    ];
    openPage('/admin/forms');
    const last = await tile('Vehicle Check');
    expect(last.textContent).toContain('Last modified 01/06/2025 05:30 PM');
    // The versions' times are asked for.
    expect(String(graphqlRequest.mock.calls[0][0])).toMatch(/formVersions \{[^}]*\bmodified\b/);
  });

  it('shows the server error when the forms cannot be loaded', async () => {
    graphqlRequest.mockRejectedValue(new Error('connection refused'));
    openPage('/admin/forms');
    expect(await screen.findByText('Something went wrong while connecting to the server. The error is connection refused')).toBeTruthy();
  });

  it('opens a form without a draft straight in the designer', async () => {
    const router = openPage('/admin/forms/active-forms');
    fireEvent.click(await tile('Hazard Report'));
    expect(await screen.findByText('Designer at /admin/forms/build/formsentity/f2')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/forms/build/formsentity/f2');
  });

  it('asks about a draft; Continue editing opens the designer without discarding', async () => {
    openPage('/admin/forms');
    fireEvent.click(await tile('Site Induction'));
    const dialog = await screen.findByRole('dialog', { name: 'A draft of this form already exists' });
    // What each button does, for a published form with a newer version.
    expect(
      within(dialog).getByText(
        'Site Induction has changes that are not published yet (version 2, newer than the published version 1). Continue editing opens version 2. Discard and start from scratch deletes version 2, then the designer opens the published version 1.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue editing' }));
    // The draft itself, not the published version the designer opens by default.
    expect(await screen.findByText('Designer at /admin/forms/build/formsentity/f1?version=v2')).toBeTruthy();
    expect(rest).not.toHaveBeenCalled();
  });

  it('says a never published form loses all its versions and starts an empty version 1 when discarded', async () => {
    active = [
      form({
        id: 'f4',
        name: 'Toolbox Talk',
        formVersions: [
          { id: 'w2', version: 2, active: true },
          { id: 'w1', version: 1, active: true },
        ],
      }),
    ];
    openPage('/admin/forms');
    fireEvent.click(await tile('Toolbox Talk'));
    const dialog = await screen.findByRole('dialog', { name: 'A draft of this form already exists' });
    const text = within(dialog).getByText(/^Toolbox Talk has never been published/).textContent;
    expect(text).toBe(
      'Toolbox Talk has never been published: all its 2 versions are drafts. Continue editing opens version 2. Discard and start from scratch deletes versions 1 and 2, then the designer opens a new, empty version 1.',
    );
    expect(text).not.toMatch(/published version/);
  });

  it('says which draft versions are kept because submissions were filled in on them', async () => {
    active = [
      form({
        id: 'f5',
        name: 'Permit Check',
        formVersions: [
          { id: 'p1', version: 1, active: true, inUse: true },
          { id: 'p2', version: 2, active: true },
          { id: 'p3', version: 3, active: true },
        ],
      }),
      form({ id: 'f6', name: 'Used Draft', formVersions: [{ id: 'u1', version: 1, active: true, inUse: true }] }),
    ];
    openPage('/admin/forms');
    fireEvent.click(await tile('Permit Check'));
    let dialog = await screen.findByRole('dialog', { name: 'A draft of this form already exists' });
    expect(
      within(dialog).getByText(
        'Permit Check has never been published: all its 3 versions are drafts. Continue editing opens version 3. Discard and start from scratch deletes versions 2 and 3, keeps version 1 (submissions were filled in on it), then the designer opens version 1.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(await tile('Used Draft'));
    dialog = await screen.findByRole('dialog', { name: 'A draft of this form already exists' });
    expect(
      within(dialog).getByText(
        'Used Draft has never been published: its only version is a draft. Continue editing opens version 1. Discarding deletes nothing: version 1 has submissions filled in on it.',
      ),
    ).toBeTruthy();
  });

  it('discards the draft, then opens the designer', async () => {
    rest.mockResolvedValue({ versions: [] });
    openPage('/admin/forms');
    fireEvent.click(await tile('Site Induction'));
    const dialog = await screen.findByRole('dialog', { name: 'A draft of this form already exists' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard and start from scratch' }));
    await waitFor(() => expect(rest).toHaveBeenCalledWith('POST', '/api/entity/FormsEntity/discardDraft/f1'));
    // The designer opens once the discard has answered (a loaded machine may take a while).
    expect(await screen.findByText('Designer at /admin/forms/build/formsentity/f1', undefined, { timeout: 4000 })).toBeTruthy();
  });

  it('stays on the page with the spec message when discarding fails', async () => {
    rest.mockRejectedValue(new Error('nope'));
    const router = openPage('/admin/forms');
    fireEvent.click(await tile('Site Induction'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard and start from scratch' }));
    expect(await screen.findByText(DISCARD_FAILED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/forms');
    expect(screen.queryByText(/Designer at/)).toBeNull();
  });

  it('makes an active form inactive: it leaves the active tab', async () => {
    openPage('/admin/forms');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Hazard Report' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Make inactive' }));
    await waitFor(() => expect(screen.queryByText('Hazard Report')).toBeNull());
    const update = graphqlRequest.mock.calls.find((c) => String(c[0]).includes('updateFormsEntity'))!;
    expect(update[1]).toEqual({ m: [{ id: 'f2', isActive: false }] });
    expect(await screen.findByText('Hazard Report is now inactive')).toBeTruthy();
  });

  it('asks before making inactive a form assigned to organisations, and names what it removes', async () => {
    active = [
      drafted,
      {
        ...published,
        memberOrganisationss: [
          { id: 'o1', name: 'Sparkright Electrical' },
          { id: 'o2', name: 'Voltline Services' },
        ],
      },
    ];
    openPage('/admin/forms');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Hazard Report' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Make inactive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Hazard Report inactive?' });
    expect(
      within(dialog).getByText(
        'Hazard Report is assigned to 2 organisations (Sparkright Electrical and Voltline Services). Making it inactive removes these assignments: its members no longer see it, and making it active again does not assign it again.',
      ),
    ).toBeTruthy();
    // Cancel changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(graphqlRequest.mock.calls.some((c) => String(c[0]).includes('updateFormsEntity'))).toBe(false);
    // Confirmed: the form is made inactive.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Hazard Report' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Make inactive' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make inactive' }));
    expect(await screen.findByText('Hazard Report is now inactive')).toBeTruthy();
    const update = graphqlRequest.mock.calls.find((c) => String(c[0]).includes('updateFormsEntity'))!;
    expect(update[1]).toEqual({ m: [{ id: 'f2', isActive: false }] });
  });

  it('says how many more organisations than the three it names', () => {
    const orgs = ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name }));
    expect(inactiveWarning('Permit', orgs)).toContain('is assigned to 5 organisations (A, B, C and 2 more)');
    expect(inactiveWarning('Permit', [{ name: 'A' }])).toBe(
      'Permit is assigned to one organisation (A). Making it inactive removes this assignment: its members no longer see it, and making it active again does not assign it again.',
    );
  });

  it('lists inactive forms on their tab: the tile opens nothing, Make active brings the form back', async () => {
    const router = openPage('/admin/forms/inactive-forms');
    expect(await screen.findByText('Old Permit')).toBeTruthy();
    expect(listedActive()).toEqual({ path: 'isActive', comparison: 'notEqual', value: ['true'] });
    expect(screen.queryByRole('button', { name: /^Old Permit/ })).toBeNull();
    fireEvent.click(screen.getByText('Old Permit'));
    expect(router.state.location.pathname).toBe('/admin/forms/inactive-forms');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Old Permit' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Make active' }));
    await waitFor(() => expect(screen.queryByText('Old Permit')).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: 'Active Forms' }));
    expect(await screen.findByText('Old Permit')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/forms/active-forms');
  });

  it("leads from a tile's menu to the form's versions", async () => {
    openPage('/admin/forms');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Site Induction' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Versions' }));
    expect(await screen.findByText('Designer at /admin/forms/versions/f1')).toBeTruthy();
  });
});
