import { ROLES } from '@hub/model';
import { LIBRARY_SEARCH_DEBOUNCE_MS, type DocumentsList } from '@hub/model/site';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CREATE_DOCUMENT_PATH, LibraryPage, MASTER_LIBRARY_ID } from './LibraryPage';
import { memberAs, renderPage, serve } from './test-render';

const FILE_ID = '6b0c2f4e-8a1d-4e3b-9c5f-7d2a1e0b3c4d';
const lists: DocumentsList = {
  userLibrary: [
    { id: 'd1', name: 'Switchboard Inspection Procedure', view: `/api/files/${FILE_ID}` },
    { id: 'd2', name: 'Working at Heights Policy', view: 'https://docs.example/heights.pdf' },
    { id: 'd3', name: 'No file yet', view: null },
    { id: 'd4', name: 'Sneaky', view: 'javascript:alert(1)' },
  ],
  masterLibrary: [{ id: 'm1', name: 'MEA Electrical Safety Guide', view: 'https://mea.example/guide.pdf' }],
};

const worker = memberAs(ROLES.safetyManager);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/documentlibrary', () => {
  it('lists the library with View in a new tab, the MEA Master Library, and the crumbs', async () => {
    serve({ '/api/entity/SafetyLinkEntity/documents_list': { body: lists } });
    renderPage(<LibraryPage />, worker, '/documentlibrary');
    expect(screen.getByRole('heading', { level: 1, name: 'My Library and Documents' })).toBeTruthy();
    const mine = await screen.findByRole('region', { name: 'My Library' });
    const file = within(mine).getByRole('link', { name: /View Switchboard Inspection Procedure/ });
    expect(file.getAttribute('href')).toBe(`/api/files/${FILE_ID}`);
    expect(file.getAttribute('target')).toBe('_blank');
    const link = within(mine).getByRole('link', { name: /View Working at Heights Policy/ });
    expect(link.getAttribute('href')).toBe('https://docs.example/heights.pdf');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Nothing to open, or something that is not a link: no View.
    expect(within(mine).getAllByText('No File Attached')).toHaveLength(2);
    expect(within(mine).queryByRole('link', { name: /Sneaky/ })).toBeNull();
    const master = screen.getByRole('region', { name: 'MEA Master Library' });
    expect(
      within(master)
        .getByRole('link', { name: /View MEA Electrical Safety Guide/ })
        .getAttribute('href'),
    ).toBe('https://mea.example/guide.pdf');
    const crumbs = screen.getByLabelText('Breadcrumb');
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Safety']);
    expect(within(crumbs).getByText('My Library and Documents').getAttribute('aria-current')).toBe('page');
    // 'Create new document' opens the controlled document form.
    expect(screen.getByRole('link', { name: 'Create new document' }).getAttribute('href')).toBe(CREATE_DOCUMENT_PATH);
  });

  it('the MEA Master Library shows only when it has items; an empty library says so', async () => {
    serve({ '/api/entity/SafetyLinkEntity/documents_list': { body: { userLibrary: [], masterLibrary: [] } } });
    renderPage(<LibraryPage />, worker, '/documentlibrary');
    expect(await screen.findByText('There are no documents in your library yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'MEA Master Library' })).toBeNull();
    expect(screen.queryByText('MEA Master Library')).toBeNull();
  });

  it(`filters by name ${LIBRARY_SEARCH_DEBOUNCE_MS} ms after the last keystroke, not before`, async () => {
    serve({ '/api/entity/SafetyLinkEntity/documents_list': { body: lists } });
    renderPage(<LibraryPage />, worker, '/documentlibrary');
    await screen.findByText('Working at Heights Policy');
    vi.useFakeTimers();
    const search = screen.getByRole('searchbox', { name: 'Search your library' });
    fireEvent.change(search, { target: { value: 'switch' } });
    act(() => void vi.advanceTimersByTime(LIBRARY_SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(search, { target: { value: 'SWITCHB' } });
    act(() => void vi.advanceTimersByTime(LIBRARY_SEARCH_DEBOUNCE_MS - 1));
    expect(screen.getByText('Working at Heights Policy')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Working at Heights Policy')).toBeNull();
    expect(screen.getByText('Switchboard Inspection Procedure')).toBeTruthy();
    // The MEA section follows the search: hidden while none of its items match.
    expect(screen.queryByRole('region', { name: 'MEA Master Library' })).toBeNull();

    fireEvent.change(search, { target: { value: 'nothing like it' } });
    act(() => void vi.advanceTimersByTime(LIBRARY_SEARCH_DEBOUNCE_MS));
    expect(screen.getByText("No documents in your library match 'nothing like it'.")).toBeTruthy();

    fireEvent.change(search, { target: { value: 'guide' } });
    act(() => void vi.advanceTimersByTime(LIBRARY_SEARCH_DEBOUNCE_MS));
    expect(screen.getByRole('region', { name: 'MEA Master Library' })).toBeTruthy();
  });

  it('opened at #mea-master-library (the MEA Documents menu entry), it scrolls to that section once loaded', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    serve({ '/api/entity/SafetyLinkEntity/documents_list': { body: lists } });
    renderPage(<LibraryPage />, worker, '/documentlibrary', `/documentlibrary#${MASTER_LIBRARY_ID}`);
    const master = await screen.findByRole('region', { name: 'MEA Master Library' });
    await waitFor(() => expect(scrolled).toEqual([master]));
  });

  it('a failed load says so', async () => {
    serve({ '/api/entity/SafetyLinkEntity/documents_list': { status: 500, body: { errors: [{ message: 'Database unavailable' }] } } });
    renderPage(<LibraryPage />, worker, '/documentlibrary');
    expect((await screen.findByRole('alert')).textContent).toMatch(/The error is Database unavailable/);
  });
});
