import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';
import { NetworkError, reportReachable, reportUnreachable } from '../../client/connectivity';
import { AttachPage, returnPath } from './AttachPage';
import { AttachmentsPanel, attachmentControls, attachmentsCsv } from './AttachmentsPanel';

const api = vi.hoisted(() => ({
  ATTACH_MAX: 200,
  attachDocuments: vi.fn(),
  attachAssets: vi.fn(),
  loadAttachments: vi.fn(),
  loadActiveDocuments: vi.fn(),
  loadInServiceAssets: vi.fn(),
  suggestedDocuments: (docs: { documentTypess: { id: string }[] }[], ids: string[]) =>
    docs.filter((d) => d.documentTypess.some((t) => ids.includes(t.id))),
}));
vi.mock('./attach-api', () => api);
const forms = vi.hoisted(() => ({ fetchDraft: vi.fn(), loadForm: vi.fn() }));
vi.mock('../forms/forms-api', () => forms);

const swms = {
  id: 'd1',
  documentName: 'Switchboard SWMS',
  documentLink: null,
  documentUpload: { id: 'f1', fileName: 'swms.pdf', size: 10, contentType: 'application/pdf' },
  documentTypess: [{ id: 't-swms', name: 'SWMS' }],
};
const policy = {
  id: 'd2',
  documentName: 'Office policy',
  documentLink: 'https://example.org/p',
  documentUpload: null,
  documentTypess: [{ id: 't-office', name: 'Office' }],
};
const ladder = { id: 'a1', assetID: 'L-7', description: '3 m step ladder', assetType: 'LADDER' };
const meOf = (roleName: string) =>
  ({ id: 'u', email: 'u@x', isDuplicate: false, groups: [], roleName, memberOrganisationId: 'org' }) as unknown as Me;

function renderAt(path: string, element: React.ReactNode, me: Me, state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const router = createMemoryRouter(
    [
      { path: '/safety-form/:formId/active-documents', element },
      { path: '/safety-form/:formId/active-assets', element },
      { path: '/user-submissions/:type/edit/:id', element },
      { path: '/user-submissions/:type/view/:id', element },
      { path: '/safety-form/:formId/*', element: path.includes('active-') ? <p>Filler page</p> : element },
      { path: '/403', element: <p>Forbidden page</p> },
    ],
    { initialEntries: [{ pathname: path, state }] },
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
  // A notification that does not close by itself would show in the next test's page.
  act(() => notifications.clean());
  cleanup();
  vi.clearAllMocks();
});

describe('returnPath', () => {
  it("goes back to this form's filler only", () => {
    expect(returnPath('f', '/safety-form/f/slide/2/')).toBe('/safety-form/f/slide/2/');
    for (const bad of ['https://evil.example', '//evil.example', '/safety-form/g', '/safety-form/f/active-assets', undefined])
      expect(returnPath('f', bad)).toBe('/safety-form/f');
  });
});

describe('the attach pages', () => {
  it('suggest documents by the form types, start from what is attached and attach the selection', async () => {
    forms.loadForm.mockResolvedValue({ id: 'f', name: 'Risk form', formType: 'RISK_ASSESSMENT', version: null });
    forms.fetchDraft.mockResolvedValue({ id: 'draft' });
    api.loadAttachments.mockResolvedValue({ documents: [policy], assets: [], files: [] });
    api.loadActiveDocuments.mockResolvedValue({ documents: [swms, policy], formTypeIds: ['t-swms'] });
    api.attachDocuments.mockResolvedValue({ submissionId: 'draft' });
    const router = renderAt('/safety-form/f/active-documents', <AttachPage kind="documents" />, meOf('SafetyManager'), {
      from: '/safety-form/f/slide/2/',
    });
    expect(await screen.findByRole('heading', { name: 'Attach documents' })).toBeTruthy();
    const suggested = await screen.findByRole('checkbox', { name: 'Attach Switchboard SWMS' });
    expect(screen.queryByRole('checkbox', { name: 'Attach Office policy' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download Switchboard SWMS' }).getAttribute('href')).toBe('/api/files/f1?download=true');
    fireEvent.click(suggested);
    fireEvent.click(screen.getByRole('tab', { name: 'Active documents' }));
    expect(((await screen.findByRole('checkbox', { name: 'Attach Office policy' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: /export/i })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Finish attaching' })[0]);
    await waitFor(() => expect(api.attachDocuments).toHaveBeenCalled());
    expect(new Set(api.attachDocuments.mock.calls[0][1])).toEqual(new Set(['d1', 'd2']));
    expect(await screen.findByText('Successfully attached documents')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/safety-form/f/slide/2/'));
  });

  it('open on Active documents when the form suggests none, and say so on the Suggested tab', async () => {
    forms.loadForm.mockResolvedValue({ id: 'f', name: 'Risk form', formType: 'RISK_ASSESSMENT', version: null });
    forms.fetchDraft.mockResolvedValue(null);
    api.loadActiveDocuments.mockResolvedValue({ documents: [swms, policy], formTypeIds: [] });
    renderAt('/safety-form/f/active-documents', <AttachPage kind="documents" />, meOf('SafetyManager'));
    // Rows as cards on a phone (jsdom matches no breakpoint): the name is the checkbox's label.
    const office = await screen.findByRole('checkbox', { name: 'Attach Office policy' });
    expect(screen.getByRole('tab', { name: 'Active documents' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByText('Office policy'));
    expect((office as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Suggested documents' }));
    expect(await screen.findByText('No suggested documents for this form')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show active documents' }));
    expect(await screen.findByRole('checkbox', { name: 'Attach Switchboard SWMS' })).toBeTruthy();
  });

  it("show the spec's failure and stay", async () => {
    forms.loadForm.mockResolvedValue(null);
    forms.fetchDraft.mockResolvedValue(null);
    api.loadInServiceAssets.mockResolvedValue([ladder]);
    api.attachAssets.mockRejectedValue(new Error('Only assets in service of your organisation can be attached'));
    const router = renderAt('/safety-form/f/active-assets', <AttachPage kind="assets" />, meOf('Manager'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Attach 3 m step ladder' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Failed to attach assets to the form')).toBeTruthy();
    expect(api.attachAssets).toHaveBeenCalledWith('f', ['a1']);
    expect(router.state.location.pathname).toBe('/safety-form/f/active-assets');
  });

  it('offline, say so instead of loading for ever, keep the ticks through a refused Finish, and load by themselves when back', async () => {
    forms.loadForm.mockRejectedValue(new NetworkError());
    forms.fetchDraft.mockRejectedValue(new NetworkError());
    api.loadInServiceAssets.mockRejectedValue(new NetworkError());
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const router = renderAt('/safety-form/f/active-assets', <AttachPage kind="assets" />, meOf('Manager'));
      expect(await screen.findByText("You are offline. Assets can't be attached until you are back online.")).toBeTruthy();
      expect(screen.queryByText(/Loading assets/)).toBeNull();
      expect(screen.queryByText(/unexpected error/)).toBeNull();
      expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(true);

      forms.loadForm.mockResolvedValue({ id: 'f', name: 'Risk form', formType: 'RISK_ASSESSMENT', version: null });
      forms.fetchDraft.mockResolvedValue({ id: 'draft' });
      api.loadAttachments.mockResolvedValue({ documents: [], assets: [], files: [] });
      api.loadInServiceAssets.mockResolvedValue([ladder]);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      fireEvent.click(await screen.findByRole('checkbox', { name: 'Attach 3 m step ladder' }));
      expect(screen.queryByText(/You are offline/)).toBeNull();

      // The connection drops between the tick and Done: the member is told, and the tick stays.
      api.attachAssets.mockRejectedValue(new NetworkError());
      fireEvent.click(screen.getByRole('button', { name: 'Done' }));
      expect(await screen.findByText('Failed to attach assets to the form')).toBeTruthy();
      expect(await screen.findAllByText("You are offline. Assets can't be attached until you are back online.")).not.toHaveLength(0);
      expect((screen.getByRole('checkbox', { name: 'Attach 3 m step ladder' }) as HTMLInputElement).checked).toBe(true);
      expect(router.state.location.pathname).toBe('/safety-form/f/active-assets');
    } finally {
      onLine.mockRestore();
      act(() => reportReachable());
    }
  });

  it('are not for the limited toolbar roles', async () => {
    renderAt('/safety-form/f/active-documents', <AttachPage kind="documents" />, meOf('Worker'));
    expect(await screen.findByText('Forbidden page')).toBeTruthy();
  });
});

describe('the attachments panel', () => {
  const attached = {
    documents: [swms],
    assets: [ladder],
    files: [{ id: 'x1', attachment: { id: 'f9', fileName: 'site.jpg', size: 2000, contentType: 'image/jpeg' } }],
  };

  it('gives managers the full toolbar and remove, saving the answers before going to attach', async () => {
    forms.fetchDraft.mockResolvedValue({ id: 'draft' });
    api.loadAttachments.mockResolvedValue(attached);
    api.attachDocuments.mockResolvedValue({});
    const saveProgress = vi.fn().mockResolvedValue(true);
    const router = renderAt(
      '/safety-form/f/slide/1/',
      <AttachmentsPanel formId="f" mode="fill" saveProgress={saveProgress} />,
      meOf('SafetyManager'),
    );
    await screen.findByText('3 m step ladder (L-7)');
    const bar = screen.getByRole('toolbar', { name: 'Attachments' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Attach documents', 'Attach assets', 'Add file', 'Export']);
    expect(await screen.findByText('3 m step ladder (L-7)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'site.jpg' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Switchboard SWMS' }));
    await waitFor(() => expect(api.attachDocuments).toHaveBeenCalledWith('f', []));
    fireEvent.click(within(bar).getByRole('button', { name: 'Attach assets' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/safety-form/f/active-assets'));
    expect(saveProgress).toHaveBeenCalled();
    expect(router.state.location.state).toEqual({ from: '/safety-form/f/slide/1/' });
  });

  it('gives the limited toolbar roles Add file only, and checks a file before it is sent', async () => {
    forms.fetchDraft.mockResolvedValue({ id: 'draft' });
    api.loadAttachments.mockResolvedValue(attached);
    renderAt('/safety-form/f', <AttachmentsPanel formId="f" mode="fill" saveProgress={vi.fn()} />, meOf('Worker'));
    const bar = await screen.findByRole('toolbar', { name: 'Attachments' });
    await screen.findByText('site.jpg');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Add file']);
    expect(screen.queryByRole('button', { name: 'Remove Switchboard SWMS' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove site.jpg' })).toBeTruthy();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20_000_001 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The provided file is too large, the maximum file size is 20MB.')).toBeTruthy();
  });

  it("lists a submitted form's attachments read-only, and shows no attach buttons on edit addresses", async () => {
    api.loadAttachments.mockResolvedValue(attached);
    renderAt('/user-submissions/all/edit/s1', <AttachmentsPanel formId="f" mode="view" submissionId="s1" />, meOf('SafetyManager'));
    await screen.findByText('Switchboard SWMS');
    expect(api.loadAttachments).toHaveBeenCalledWith('s1');
    expect(screen.queryByRole('button', { name: /Attach|Add file|Remove/ })).toBeNull();
    expect(attachmentControls('/user-submissions/all/edit/s1')).toEqual({ shown: true, attachButtons: false });
    expect(attachmentControls('/home')).toEqual({ shown: false, attachButtons: false });
  });

  it('offline, says attachments wait for the connection (no endless loading), and loads them by itself when it is back', async () => {
    forms.fetchDraft.mockRejectedValue(new NetworkError());
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderAt('/safety-form/f', <AttachmentsPanel formId="f" mode="fill" saveProgress={vi.fn()} />, meOf('SafetyManager'));
      expect(await screen.findByText("You are offline. Attachments can't be shown or added until you are back online.")).toBeTruthy();
      expect(screen.queryByText(/Loading attachments/)).toBeNull();
      expect(screen.queryByText(/Error Loading/)).toBeNull();
      expect(screen.queryByRole('button', { name: /Attach|Add file/ })).toBeNull();

      forms.fetchDraft.mockResolvedValue({ id: 'draft' });
      api.loadAttachments.mockResolvedValue(attached);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      expect(await screen.findByText('3 m step ladder (L-7)')).toBeTruthy();
      expect(screen.queryByText(/You are offline/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Add file' })).toBeTruthy();
    } finally {
      onLine.mockRestore();
    }
  });

  it('keeps the attachments shown when the hub stops answering, without add or remove until it answers again', async () => {
    forms.fetchDraft.mockResolvedValue({ id: 'draft' });
    api.loadAttachments.mockResolvedValue(attached);
    renderAt('/safety-form/f', <AttachmentsPanel formId="f" mode="fill" saveProgress={vi.fn()} />, meOf('SafetyManager'));
    await screen.findByText('3 m step ladder (L-7)');
    try {
      act(() => reportUnreachable());
      expect(await screen.findByText("You are offline. Attachments can't be added or removed until you are back online.")).toBeTruthy();
      expect(screen.getByText('3 m step ladder (L-7)')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Remove|Add file/ })).toBeNull();
    } finally {
      act(() => reportReachable());
    }
    expect(await screen.findByRole('button', { name: 'Add file' })).toBeTruthy();
  });

  it('exports a CSV a spreadsheet cannot run', () => {
    const csv = attachmentsCsv({ documents: [{ ...swms, documentName: '=HYPERLINK("x")' }], assets: [ladder], files: [] });
    expect(csv.split('\r\n')).toEqual([
      '"Kind","Name","Detail"',
      '"Document","\'=HYPERLINK(""x"")","swms.pdf"',
      '"Asset","3 m step ladder","L-7"',
    ]);
  });
});
