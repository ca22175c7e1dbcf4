import { GROUPS, ROLES, type RoleName } from '@hub/model';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';
import { memberAs, renderPage, serve, type Reply } from '../library/test-render';
import { TemplatesPage } from '../templates/TemplatesPage';
import { DocumentFormPage } from './DocumentFormPage';
import { DocumentsPage } from './DocumentsPage';
import { DocumentViewPage } from './DocumentViewPage';
import { MeaDocumentsPage } from './MeaDocumentsPage';

const SWMS = '0a3c1e52-3c1d-4b7e-9a10-5d2c8e4f7a01';
const SDS = '0a3c1e52-3c1d-4b7e-9a10-5d2c8e4f7a02';
const DOC = '5b1c1e52-3c1d-4b7e-9a10-5d2c8e4f7a03';
const FILE = '6c1c1e52-3c1d-4b7e-9a10-5d2c8e4f7a04';
const T1 = '7d1c1e52-3c1d-4b7e-9a10-5d2c8e4f7a05';
const T2 = '7d1c1e52-3c1d-4b7e-9a10-5d2c8e4f7a06';

const types = {
  r: [
    { id: SWMS, name: 'SWMS', order: 1, meaDocument: false, roless: [] },
    { id: SDS, name: 'SDS', order: 2, meaDocument: false, roless: [] },
  ],
};
const docRow = {
  id: DOC,
  created: '2026-01-02 03:04:05',
  documentName: 'Ladder SWMS',
  status: 'ACTIVE',
  documentLink: null,
  documentUploadId: FILE,
  documentUpload: { id: FILE, fileName: 'ladder.pdf' },
  annualReview: true,
};
const list = (rows: unknown[]) => ({ body: { data: { rows, total: rows.length } } });
const gql = (data: unknown): Reply => ({ body: { data } });
const backOffice = (role: RoleName = ROLES.worker): Me => ({
  ...memberAs(role),
  groups: [{ name: GROUPS.memberBackoffice, hasBackendAccess: true }],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/my-documents tabs by role', () => {
  it('a SafetyWorker has only the Active tab and no New from safety templates', async () => {
    const fetchMock = serve({ 'graphql:documentTypesEntitys': gql(types), 'graphql:documentEntitys(': list([docRow]) });
    renderPage(<DocumentsPage />, memberAs(ROLES.safetyWorker), '/my-documents');
    expect(await screen.findByText('Ladder SWMS')).toBeTruthy();
    const status = screen.getByRole('tablist', { name: 'Document status' });
    expect(
      within(status)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Active']);
    expect(screen.queryByRole('link', { name: 'New from safety templates' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create Document' }).getAttribute('href')).toBe('/my-documents/create');
    // The list asks for the first type's ACTIVE documents.
    const listCall = fetchMock.mock.calls
      .map((c) => JSON.parse(String(c[1]?.body)) as { query: string; variables: { c: unknown } })
      .find((b) => b.query.includes('documentEntitys('));
    expect(JSON.stringify(listCall?.variables.c)).toContain(`{"path":"documentTypess.id","comparison":"equal","value":["${SWMS}"]}`);
    expect(JSON.stringify(listCall?.variables.c)).toContain('{"path":"status","comparison":"equal","value":["ACTIVE"]}');
  });

  it('a SafetyManager has Pending, Active, Inactive with Active shown, and the template button only on Active', async () => {
    serve({ 'graphql:documentTypesEntitys': gql(types), 'graphql:documentEntitys(': list([docRow]) });
    renderPage(<DocumentsPage />, memberAs(ROLES.safetyManager), '/my-documents/:type?/:status?', '/my-documents/SDS');
    await screen.findByText('Ladder SWMS');
    const status = screen.getByRole('tablist', { name: 'Document status' });
    expect(
      within(status)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Pending', 'Active', 'Inactive']);
    expect(within(status).getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    const typeTabs = screen.getByRole('tablist', { name: 'Document types' });
    expect(within(typeTabs).getByRole('tab', { name: 'SDS' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'New from safety templates' }).getAttribute('href')).toBe('/safety-template');
    // {current url}/create keeps the tab's type.
    expect(screen.getByRole('link', { name: 'Create Document' }).getAttribute('href')).toBe('/my-documents/SDS/create');
    expect(screen.getByRole('link', { name: 'Edit Ladder SWMS' }).getAttribute('href')).toBe(`/my-documents/edit/${DOC}`);
  });

  it('the Pending tab says how many of the type wait for approval', async () => {
    const fetchMock = serve({
      'graphql:n: countDocumentEntitys': gql({ n: 3 }),
      'graphql:documentTypesEntitys': gql(types),
      'graphql:documentEntitys(': list([docRow]),
    });
    renderPage(<DocumentsPage />, memberAs(ROLES.safetyManager), '/my-documents/:type?/:status?', '/my-documents/SDS');
    const status = await screen.findByRole('tablist', { name: 'Document status' });
    // The count's words are visually hidden: read 'Pending, 3 waiting'.
    await waitFor(() => expect(within(status).getAllByRole('tab')[0].textContent).toBe('Pending, 3 waiting'));
    const count = fetchMock.mock.calls
      .map((c) => JSON.parse(String(c[1]?.body)) as { query: string; variables: { c: unknown } })
      .find((b) => b.query.includes('n: countDocumentEntitys'));
    expect(JSON.stringify(count?.variables.c)).toContain(`"value":["${SDS}"]`);
    expect(JSON.stringify(count?.variables.c)).toContain('"value":["PENDING"]');
  });

  it('on the Pending tab there is no New from safety templates; a Manager sees no Edit', async () => {
    serve({ 'graphql:documentTypesEntitys': gql(types), 'graphql:documentEntitys(': list([{ ...docRow, status: 'PENDING' }]) });
    renderPage(<DocumentsPage />, memberAs(ROLES.manager), '/my-documents/:type?/:status?', '/my-documents/SWMS/pending');
    await screen.findByText('Ladder SWMS');
    expect(screen.queryByRole('link', { name: 'New from safety templates' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Ladder SWMS' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create Document' }).getAttribute('href')).toBe('/my-documents/SWMS/pending/create');
  });
});

describe('document view: actions by status and role', () => {
  const doc = (status: string, over: Record<string, unknown> = {}) => ({
    r: {
      ...docRow,
      modified: docRow.created,
      commentBox: 'Check yearly',
      documentTypess: [{ id: SWMS, name: 'SWMS', meaDocument: false }],
      documentUpload: { id: FILE, fileName: 'ladder.pdf', size: 10, contentType: 'application/pdf' },
      status,
      ...over,
    },
  });

  it('PENDING for a SafetyManager: Approve (the status update) and Remove; the file downloads as an attachment', async () => {
    const fetchMock = serve({
      'graphql:updateDocumentEntity': gql({ r: [{ id: DOC, status: 'ACTIVE' }] }),
      'graphql:documentEntity(id': gql(doc('PENDING')),
    });
    renderPage(<DocumentViewPage />, memberAs(ROLES.safetyManager), '/my-documents/view/:id', `/my-documents/view/${DOC}`);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download ladder.pdf' }).getAttribute('href')).toBe(`/api/files/${FILE}?download=true`);
    expect(screen.queryByText('Created by')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[1]?.body).includes('updateDocumentEntity'))).toBe(true));
    const sent = fetchMock.mock.calls
      .map((c) => JSON.parse(String(c[1]?.body)) as { query: string; variables: unknown })
      .find((b) => b.query.includes('updateDocumentEntity'));
    expect(sent?.variables).toEqual({ m: [{ id: DOC, status: 'ACTIVE' }] });
    // Approve goes back (here: the list).
    expect(await screen.findByText('Another page')).toBeTruthy();
  });

  it('names who created the document when it has an account', async () => {
    serve({
      'graphql:documentEntity(id': gql(
        doc('ACTIVE', { mehubAccountss: [{ id: 'a1', firstname: 'Sam', surname: 'Safety', email: 's@x' }] }),
      ),
    });
    renderPage(<DocumentViewPage />, memberAs(ROLES.manager), '/my-documents/view/:id', `/my-documents/view/${DOC}`);
    expect(await screen.findByText('Created by')).toBeTruthy();
    expect(screen.getByText('Sam Safety')).toBeTruthy();
  });

  it('Remove asks first, then deletes', async () => {
    const fetchMock = serve({ 'graphql:deleteDocumentEntity': gql({ r: true }), 'graphql:documentEntity(id': gql(doc('PENDING')) });
    renderPage(<DocumentViewPage />, memberAs(ROLES.safetyManager), '/my-documents/view/:id', `/my-documents/view/${DOC}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove document' });
    expect(fetchMock.mock.calls.some((c) => String(c[1]?.body).includes('deleteDocumentEntity'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[1]?.body).includes(`"ids":["${DOC}"]`))).toBe(true));
  });

  it('ACTIVE: Make Inactive for a back-end holder; INACTIVE: Make Active; a SafetyWorker: No actions available and no Edit', async () => {
    serve({ 'graphql:documentEntity(id': gql(doc('ACTIVE')) });
    renderPage(<DocumentViewPage />, backOffice(), '/my-documents/view/:id', `/my-documents/view/${DOC}`);
    expect(await screen.findByRole('button', { name: 'Make Inactive' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    cleanup();
    serve({ 'graphql:documentEntity(id': gql(doc('INACTIVE')) });
    renderPage(<DocumentViewPage />, memberAs(ROLES.safetyManager), '/my-documents/view/:id', `/my-documents/view/${DOC}`);
    expect(await screen.findByRole('button', { name: 'Make Active' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    cleanup();
    serve({
      'graphql:documentEntity(id': gql(
        doc('PENDING', { documentUpload: null, documentUploadId: null, documentLink: 'javascript:alert(1)' }),
      ),
    });
    renderPage(<DocumentViewPage />, memberAs(ROLES.safetyWorker), '/my-documents/view/:id', `/my-documents/view/${DOC}`);
    expect(await screen.findByText('No actions available')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    // A link that is not http(s) is never a link.
    expect(screen.queryByRole('link', { name: /Open the link/ })).toBeNull();
    expect(screen.getByText('No File Attached')).toBeTruthy();
  });

  it('a link opens in a new tab without the opener; the MEA page has no actions and no Edit', async () => {
    serve({
      'graphql:documentEntity(id': gql(
        doc('ACTIVE', {
          documentUpload: null,
          documentUploadId: null,
          documentLink: 'https://example.org/whs',
          documentTypess: [{ id: SWMS, name: 'MEA Policies', meaDocument: true }],
        }),
      ),
    });
    renderPage(
      <DocumentViewPage mea />,
      memberAs(ROLES.safetyManager),
      '/mea-documents/:type/view/:id',
      `/mea-documents/MEA%20Policies/view/${DOC}`,
    );
    const link = await screen.findByRole('link', { name: /Open the link of Ladder SWMS/ });
    expect(link.getAttribute('href')).toBe('https://example.org/whs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('button', { name: 'Make Inactive' })).toBeNull();
    expect(screen.queryByText('No actions available')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});

describe('document form: file or link', () => {
  // Mantine's autosizing Comments box listens to document.fonts, which jsdom does not have.
  beforeEach(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  });

  it('both: the spec’s message at once; neither: its message on Save, nothing sent', async () => {
    const fetchMock = serve({ 'graphql:documentTypesEntitys': gql(types) });
    renderPage(<DocumentFormPage mode="create" />, memberAs(ROLES.safetyWorker), '/my-documents/:type?/create', '/my-documents/SDS/create');
    const name = await screen.findByRole('textbox', { name: /Document Name/ });
    fireEvent.change(name, { target: { value: 'Ladder SWMS' } });
    // The tab's type is chosen.
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'SDS' }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('checkbox', { name: 'Annual Review' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No document or link was provided')).toBeTruthy();
    const file = new File(['%PDF-1.4'], 'ladder.pdf', { type: 'application/pdf' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    const link = screen.getByRole('textbox', { name: /Document Link/ });
    fireEvent.change(link, { target: { value: 'https://example.org/ladder' } });
    fireEvent.blur(link);
    expect(await screen.findByText('You can either upload a document or attach a URL against your document')).toBeTruthy();
    expect(fetchMock.mock.calls.some((c) => String(c[1]?.body).includes('createDocumentEntity'))).toBe(false);
  });

  it('a refused Save names the problem in the banner and puts the focus on the first invalid field', async () => {
    serve({ 'graphql:documentTypesEntitys': gql(types) });
    renderPage(<DocumentFormPage mode="create" />, memberAs(ROLES.safetyWorker), '/my-documents/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /Document Name/ }), { target: { value: 'Ladder SWMS' } });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'ladder.pdf', { type: 'application/pdf' })] } });
    const link = screen.getByRole('textbox', { name: /Document Link/ });
    fireEvent.change(link, { target: { value: 'https://example.org/ladder' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('Some of the fields are missing or invalid'))).toBe(true),
    );
    const full = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Some of the fields'))!;
    expect(full.textContent).toContain('Document Link: You can either upload a document or attach a URL against your document');
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  it('a new document opens on its view, not the list', async () => {
    serve({ 'graphql:documentTypesEntitys': gql(types), 'graphql:createDocumentEntity': gql({ r: [{ id: DOC }] }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['me'], memberAs(ROLES.safetyManager));
    const router = createMemoryRouter(
      [
        { path: '/my-documents', element: <p>The list</p> },
        { path: '/my-documents/create', element: <DocumentFormPage mode="create" /> },
        { path: '/my-documents/view/:id', element: <p>The view</p> },
      ],
      { initialEntries: ['/my-documents', '/my-documents/create'], initialIndex: 1 },
    );
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Document Name/ }), { target: { value: 'Ladder SWMS' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Document Link/ }), { target: { value: 'https://example.org/ladder' } });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'SWMS' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The view')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/my-documents/view/${DOC}`);
    // The form was replaced: Back from the view goes to the list.
    await router.navigate(-1);
    expect(await screen.findByText('The list')).toBeTruthy();
    // Its toast went to the shared store with no Notifications shown: not for the next tests.
    notifications.clean();
  });

  it('a SafetyWorker’s saved document shows the approval notice with its name', async () => {
    const fetchMock = serve({ 'graphql:documentTypesEntitys': gql(types), 'graphql:createDocumentEntity': gql({ r: [{ id: DOC }] }) });
    renderPage(<DocumentFormPage mode="create" />, memberAs(ROLES.safetyWorker), '/my-documents/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /Document Name/ }), { target: { value: 'Ladder SWMS' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Document Link/ }), { target: { value: 'https://example.org/ladder' } });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'SWMS' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Document approval pending: Ladder SWMS requires approval from a manager before it can be attached to a form',
      ),
    ).toBeTruthy();
    // The title is not repeated above the sentence.
    expect(screen.getAllByText(/Document approval pending/)).toHaveLength(1);
    const sent = fetchMock.mock.calls
      .map((c) => JSON.parse(String(c[1]?.body)) as { query: string; variables: { m: Record<string, unknown>[] } })
      .find((b) => b.query.includes('createDocumentEntity'));
    expect(sent?.variables.m[0]).toMatchObject({
      documentName: 'Ladder SWMS',
      documentLink: 'https://example.org/ladder',
      annualReview: true,
      documentTypess: [{ id: SWMS }],
    });
  });
});

describe('MEA documents', () => {
  it('tabs only for member-body types the viewer’s role may access, read-only rows', async () => {
    serve({
      'graphql:documentTypesEntitys': gql({
        r: [
          {
            id: SWMS,
            name: 'MEA Policies',
            order: 20,
            meaDocument: true,
            roless: [
              { id: 'r1', name: ROLES.safetyWorker },
              { id: 'r2', name: ROLES.manager },
            ],
          },
          { id: SDS, name: 'MEA Guides', order: 21, meaDocument: true, roless: [{ id: 'r2', name: ROLES.manager }] },
        ],
      }),
      'graphql:documentEntitys(': list([{ ...docRow, documentName: 'WHS policy' }]),
    });
    renderPage(<MeaDocumentsPage />, memberAs(ROLES.safetyWorker), '/mea-documents');
    await screen.findByText('WHS policy');
    expect(
      within(screen.getByRole('tablist', { name: 'Document types' }))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['MEA Policies']);
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'View WHS policy' }).getAttribute('href')).toBe(`/mea-documents/MEA%20Policies/view/${DOC}`);
  });
});

describe('Safety Template Library: bulk download', () => {
  const templates = list([
    {
      id: T1,
      created: '2026-01-02 03:04:05',
      templateName: 'SWMS template',
      templateUploadId: FILE,
      templateUpload: { id: FILE, fileName: 'swms.docx' },
    },
    { id: T2, created: '2026-01-02 03:04:05', templateName: 'Blank register', templateUploadId: null, templateUpload: null },
  ]);

  function withBulk(routes: Parameters<typeof serve>[0], bulk: (url: string) => Response | Promise<Response>) {
    const inner = serve(routes);
    const outer = vi.fn(async (path: string, init?: RequestInit) =>
      path.startsWith('/api/files/bulkDocuments') ? bulk(path) : inner(path, init),
    );
    vi.stubGlobal('fetch', outer);
    return outer;
  }

  it('tabs per type by encoded name (first when unknown); a template without a file: the warning, nothing asked', async () => {
    const fetchMock = withBulk(
      { 'graphql:documentTypesEntitys': gql(types), 'graphql:templateEntitys(': templates },
      () => new Response(null, { status: 500 }),
    );
    renderPage(<TemplatesPage />, memberAs(ROLES.manager), '/safety-template/:tab?', '/safety-template/Nope');
    await screen.findByText('SWMS template');
    expect(
      within(screen.getByRole('tablist', { name: 'Document types' }))
        .getByRole('tab', { name: 'SWMS' })
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(screen.getByRole('link', { name: 'Download SWMS template' }).getAttribute('href')).toBe(`/api/files/${FILE}?download=true`);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Blank register' }));
    fireEvent.click(screen.getByRole('button', { name: /Bulk Download/ }));
    expect(
      await screen.findByText('No downloadable template pdf/s found. Only templates with a file attached can be downloaded.'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).startsWith('/api/files/bulkDocuments'))).toBe(false);
  });

  it('downloads the chosen with a file, showing progress; a failure says Unable to download template pdf/s', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const urls: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    withBulk({ 'graphql:documentTypesEntitys': gql(types), 'graphql:templateEntitys(': templates }, (url) => {
      urls.push(url);
      const body = new ReadableStream<Uint8Array>({
        async start(c) {
          c.enqueue(new Uint8Array(250));
          await gate;
          c.enqueue(new Uint8Array(750));
          c.close();
        },
      });
      return new Response(body, { headers: { 'content-length': '1000', 'content-type': 'application/zip' } });
    });
    renderPage(<TemplatesPage />, memberAs(ROLES.manager), '/safety-template/:tab?', '/safety-template/SWMS');
    await screen.findByText('SWMS template');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose every row on this page' }));
    fireEvent.click(screen.getByRole('button', { name: /Bulk Download \(2\)/ }));
    expect(await screen.findByText(/Downloading\.\.\. 25%/, undefined, { timeout: 8000 })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByText(/Downloading/)).toBeNull(), { timeout: 8000 });
    expect(urls).toEqual([`/api/files/bulkDocuments?documentId=${T1}`]);
    expect(URL.createObjectURL).toHaveBeenCalled();
    // One of the two chosen has a file: the toast counts what came.
    expect(await screen.findByText(/^Downloaded 1 file as /)).toBeTruthy();
    cleanup();
    withBulk(
      { 'graphql:documentTypesEntitys': gql(types), 'graphql:templateEntitys(': templates },
      () => new Response('{}', { status: 500 }),
    );
    renderPage(<TemplatesPage />, memberAs(ROLES.manager), '/safety-template/:tab?', '/safety-template/SWMS');
    await screen.findByText('SWMS template');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose SWMS template' }));
    fireEvent.click(screen.getByRole('button', { name: /Bulk Download/ }));
    expect(await screen.findByText('Unable to download template pdf/s', undefined, { timeout: 8000 })).toBeTruthy();
  });

  it('back-end holders see the tile panel first', async () => {
    serve({ 'graphql:documentTypesEntitys': gql(types), 'graphql:countTemplateEntitys': gql({ t0: 1, t1: 0 }) });
    renderPage(<TemplatesPage />, backOffice(ROLES.manager), '/safety-template/:tab?', '/safety-template');
    expect(await screen.findByRole('link', { name: 'SWMS' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in the back-office' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Bulk Download/ })).toBeNull();
  });
});
