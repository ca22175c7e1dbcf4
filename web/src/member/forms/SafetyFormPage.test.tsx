import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { newCompleteSlide, type FormDefinition } from '@hub/model/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';
import type { Draft, FillableForm } from './forms-api';
import { SafetyFormPage } from './SafetyFormPage';

const api = vi.hoisted(() => ({
  loadForm: vi.fn(),
  fetchDraft: vi.fn(),
  loadColleagues: vi.fn(),
  createSubmission: vi.fn(),
  deleteDraft: vi.fn(),
}));
vi.mock('./forms-api', () => api);
// The attachments panel's list: answered (jsdom has no hub; a fetch that gets no answer would mark the hub unreachable).
vi.mock('../attach/attach-api', async (original) => ({
  ...(await original<typeof import('../attach/attach-api')>()),
  loadAttachments: vi.fn(async () => ({ documents: [], assets: [], files: [] })),
}));

const definition: FormDefinition = {
  slides: [{ name: 'Work', contents: [{ id: 'task', title: 'Task', questionType: 'text' }] }, newCompleteSlide()],
  pagination: { type: 'page' },
  customOptions: [],
};
const form: FillableForm = {
  id: 'f1',
  name: 'Job Safety Risk Assessment',
  formType: 'RISK_ASSESSMENT',
  version: { id: 'v1', version: 1, definition },
};
const worker = { id: 'w', email: 'w@x.example', isDuplicate: false, groups: [], primaryContactId: 'pc' } as unknown as Me;

function renderPage(me: Me, draft: Draft | null) {
  api.loadForm.mockResolvedValue(form);
  api.deleteDraft.mockResolvedValue(null);
  api.fetchDraft.mockResolvedValue(draft);
  api.loadColleagues.mockResolvedValue([
    { id: 'pc', name: 'Pat Contact' },
    { id: 'w', name: 'Wendy Worker' },
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const router = createMemoryRouter(
    [
      { path: '/safety-form/:formId/*', element: <SafetyFormPage /> },
      { path: '/mesafety', element: <p>Safety page</p> },
    ],
    { initialEntries: ['/safety-form/f1'] },
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

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('/safety-form/{formId}', () => {
  it("a new form's Complete Slide notifies the organisation's primary contact; the crumbs end at the form type", async () => {
    renderPage(worker, null);
    await screen.findByRole('heading', { name: 'Job Safety Risk Assessment', level: 1 });
    const crumbs = screen.getByLabelText('Breadcrumb');
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Safety', 'Risk Assessment']);
    expect(within(crumbs).queryByText('Job Safety Risk Assessment')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Complete Slide' });
    expect(await screen.findByText('Pat Contact')).toBeTruthy();
  });

  it('without a primary contact nobody is chosen', async () => {
    renderPage({ ...worker, primaryContactId: null }, null);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Complete Slide' });
    expect(screen.queryByText('Pat Contact')).toBeNull();
  });

  it('a resumed draft keeps its own answers, and Cancel asks before deleting it', async () => {
    renderPage(worker, { id: 'd1', answers: { task: 'Wiring' }, version: form.version! });
    expect(((await screen.findByLabelText('Task')) as HTMLInputElement).value).toBe('Wiring');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/deletes your saved draft/)).toBeTruthy();
    expect(api.deleteDraft).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard and take me back' }));
    expect(api.deleteDraft).toHaveBeenCalledWith('f1');
    await screen.findByText('Safety page');
  });

  it("saves the draft silently before an attach page, and keeps the draft toast for the user's own Save draft", async () => {
    api.createSubmission.mockResolvedValue({ id: 'd9' });
    const manager = { ...worker, roleName: 'SafetyManager', memberOrganisationId: 'org' } as unknown as Me;
    const router = renderPage(manager, null);
    fireEvent.click(await screen.findByRole('button', { name: 'Attach documents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/safety-form/f1/active-documents'));
    expect(api.createSubmission).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('The draft has been submitted successfully.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The draft has been submitted successfully.')).toBeTruthy();
  });
});
