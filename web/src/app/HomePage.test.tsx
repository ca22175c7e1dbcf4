import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member, mockFetch, renderWith, site } from '../member/site/test-render';
import { HomePage } from './HomePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NAMES = ['Safety', 'Standards', 'Employment-HR', 'Member Benefits', 'Technical', 'Legal', 'Industry Updates', 'Business Growth'];
// The server's order is not the spec's: tiles match by name.
const homeLinks = [...NAMES].reverse().map((name, i) => ({ id: `l${i}`, name, summary: `About ${name}`, tooltip: `Tip ${name}` }));

function renderHome(givenName: string | null = 'Pat') {
  const fetch = mockFetch({
    '/api/site': { body: site },
    '/api/site/page-view': { body: {} },
    homePageLinkEntitys: { body: { data: { r: homeLinks } } },
  });
  renderWith(<HomePage />, { me: { ...member('Worker'), givenName } });
  return fetch;
}

describe('home', () => {
  it('greets by given name, or Welcome', async () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Pat' })).toBeTruthy();
    expect(screen.getByText("Let's get started.")).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByText('More is on its way')).toBeNull();
    cleanup();
    renderHome(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
  });

  it('has the eight tiles in order: four routes of the hub, four association pages in a new tab; summaries by position from the named links', async () => {
    renderHome();
    const list = screen.getByRole('list', { name: 'Start here' });
    await within(list).findByText('About Safety');
    const tiles = within(list).getAllByRole('link');
    expect(tiles.map((t) => within(t).getByRole('heading').textContent)).toEqual([
      'Safety',
      'Standards',
      'My Documents',
      'Member Benefits',
      'MEA Documents',
      'Legal',
      'Industry Updates',
      'Business Growth',
    ]);
    expect(tiles.map((t) => t.getAttribute('href'))).toEqual([
      '/mesafety',
      '/standards',
      '/documentlibrary',
      'https://association.example/memberBenefits',
      '/mea-documents',
      'https://association.example/legal',
      'https://association.example/industryUpdates',
      'https://association.example/businessGrowth',
    ]);
    tiles.forEach((t, i) => {
      expect(t.textContent).toContain(`About ${NAMES[i]}`);
      expect(t.getAttribute('title')).toBe(`Tip ${NAMES[i]}`);
      expect(t.getAttribute('target')).toBe(t.getAttribute('href')!.startsWith('http') ? '_blank' : null);
      if (t.getAttribute('target')) expect(t.getAttribute('rel')).toBe('noopener noreferrer');
    });
  });

  it('records one page view on opening', async () => {
    const fetch = renderHome();
    await waitFor(() => expect(fetch.mock.calls.filter((c) => c[0] === '/api/site/page-view')).toHaveLength(1));
    const call = fetch.mock.calls.find((c) => c[0] === '/api/site/page-view')!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toEqual({ page: 'home' });
    await new Promise((r) => setTimeout(r, 100));
    expect(fetch.mock.calls.filter((c) => c[0] === '/api/site/page-view')).toHaveLength(1);
  });
});
