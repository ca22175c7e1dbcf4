import { ROLES } from '@hub/model';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberAs, renderPage, serve } from '../library/test-render';
import type { Standard } from './standards-api';
import { StandardsPage } from './StandardsPage';

const ICON_ID = '3c9e1a7b-5d2f-4e8a-b6c1-0f4d7e2a9b35';
const standards: Standard[] = [
  {
    id: 'st1',
    name: 'AS/NZS 3000 Wiring Rules',
    header: 'Electrical installations',
    link: 'https://standards.example/3000.pdf',
    iconId: ICON_ID,
    guidancess: [
      { id: 'g2', name: 'RCD testing', header: 'Testing residual current devices', link: 'https://standards.example/rcd.pdf' },
      { id: 'g1', name: 'Earthing guide', header: null, description: 'Bond every exposed metal part.', link: 'javascript:alert(1)' },
    ],
  },
  { id: 'st2', name: 'AS/NZS 3012 Construction sites', header: null, link: null, iconId: null, guidancess: [] },
  { id: 'st3', name: 'Odd icon', header: null, link: null, iconId: '../../admin', guidancess: [] },
];

const me = memberAs(ROLES.worker);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/standards', () => {
  it('lists standards with their icon (or the default), View in a new tab and nested guidance notes', async () => {
    serve({ 'graphql:standardEntitys': { body: { data: { r: standards } } } });
    renderPage(<StandardsPage />, me, '/standards');
    const wiring = await screen.findByRole('listitem', { name: 'AS/NZS 3000 Wiring Rules' });
    expect(within(wiring).getByText('Electrical installations')).toBeTruthy();
    expect(within(wiring).getByTestId('standard-icon').getAttribute('src')).toBe(`/api/files/${ICON_ID}`);
    const view = within(wiring).getByRole('link', { name: 'View AS/NZS 3000 Wiring Rules (opens in a new tab)' });
    expect(view.getAttribute('href')).toBe('https://standards.example/3000.pdf');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toBe('noopener noreferrer');
    const notes = within(wiring).getByRole('list', { name: 'Guidance Notes of AS/NZS 3000 Wiring Rules' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((li) => li.firstElementChild?.firstElementChild?.textContent),
    ).toEqual(['Earthing guide', 'RCD testing']);
    expect(
      within(notes)
        .getByRole('link', { name: /View RCD testing/ })
        .getAttribute('href'),
    ).toBe('https://standards.example/rcd.pdf');
    expect(within(notes).queryByRole('link', { name: /Earthing guide/ })).toBeNull();
    // A note with no document to open is read on the page: its description shows.
    expect(within(notes).getByText('Bond every exposed metal part.')).toBeTruthy();

    // No icon file, or an id that is no file id: the default icon, never another address.
    for (const name of ['AS/NZS 3012 Construction sites', 'Odd icon']) {
      const item = screen.getByRole('listitem', { name });
      expect(within(item).queryByTestId('standard-icon')).toBeNull();
      expect(within(item).getByTestId('default-standard-icon')).toBeTruthy();
      expect(within(item).queryByRole('link')).toBeNull();
    }
    expect(document.querySelector('img[src*="admin"]')).toBeNull();

    // Desktop and phone help texts (one of them shown by breakpoint), and crumbs without Safety.
    expect(screen.getByTestId('standards-help-desktop').textContent).toMatch(/downloaded or viewed online.*PDF viewer setting/);
    expect(screen.getByTestId('standards-help-mobile').textContent).toMatch(/viewed online only/);
    const crumbs = screen.getByLabelText('Breadcrumb');
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home']);
    expect(within(crumbs).getByText('Standards').getAttribute('aria-current')).toBe('page');
  });

  it('the search filters by a standard or its guidance notes', async () => {
    serve({ 'graphql:standardEntitys': { body: { data: { r: standards } } } });
    renderPage(<StandardsPage />, me, '/standards');
    await screen.findByText('AS/NZS 3012 Construction sites');
    const search = screen.getByRole('searchbox', { name: 'Search standards' });
    fireEvent.change(search, { target: { value: 'rcd' } });
    await waitFor(() => expect(screen.queryByText('AS/NZS 3012 Construction sites')).toBeNull());
    expect(screen.getByText('AS/NZS 3000 Wiring Rules')).toBeTruthy();
    // A guidance note's description is searched too.
    fireEvent.change(search, { target: { value: 'exposed metal' } });
    await waitFor(() => expect(screen.queryByText('AS/NZS 3012 Construction sites')).toBeNull());
    expect(screen.getByText('AS/NZS 3000 Wiring Rules')).toBeTruthy();
    fireEvent.change(search, { target: { value: '3012' } });
    await waitFor(() => expect(screen.queryByText('AS/NZS 3000 Wiring Rules')).toBeNull());
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText("No standards match 'zzz'.")).toBeTruthy();
  });

  it('a connection error is logged only: the page shows its empty state', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ 'graphql:standardEntitys': { status: 502, body: { errors: [{ message: 'Bad gateway' }] } } });
    renderPage(<StandardsPage />, me, '/standards');
    expect(await screen.findByText('There are no standards to show.')).toBeTruthy();
    expect(screen.queryByText(/Bad gateway/)).toBeNull();
    expect(logged).toHaveBeenCalledWith('Standards could not be loaded', expect.anything());
  });
});
