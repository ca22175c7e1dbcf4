import type { SearchLink } from '@hub/model/site';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GlobalSearch, NO_RESULTS } from './GlobalSearch';
import { member, mockFetch, renderWith, site } from './test-render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const results: SearchLink[] = [
  {
    id: 'a',
    type: 'SAFETY',
    sectionName: 'Risk',
    name: 'Job Safety Analysis',
    header: 'JSA',
    create: '/safety-form/f1',
    view: '/user-submissions/RISK_ASSESSMENT',
  },
  {
    id: 'b',
    type: 'STANDARD',
    sectionName: null,
    name: 'AS/NZS 3000',
    header: 'Wiring Rules',
    create: null,
    view: 'https://standards.example/3000',
  },
  {
    id: 'c',
    type: 'GUIDANCE',
    sectionName: 'AS/NZS 3000',
    name: 'RCD guidance',
    header: null,
    create: 'javascript:alert(1)',
    view: '//evil.example/x',
  },
];

const searchCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('search_link_list'));
const type = (value: string) => fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value } });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the global search', () => {
  it('waits for 2 characters and 500 ms of quiet, then sends the last term only', async () => {
    const sent: { url: string; at: number }[] = [];
    mockFetch({
      '/api/site': { body: site },
      search_link_list: (url) => {
        sent.push({ url, at: Date.now() });
        return { body: results };
      },
    });
    renderWith(<GlobalSearch />, { me: member('Worker') });
    type('a');
    await wait(700);
    expect(sent).toEqual([]);
    type('ab');
    type('abc');
    const typed = Date.now();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toBe('/api/entity/safetylinkentity/search_link_list?searchTerm=abc');
    expect(sent[0].at - typed).toBeGreaterThanOrEqual(490);
    await screen.findByText('Job Safety Analysis');
    expect(sent).toHaveLength(1);
  });

  it('labels results by type with section, name and header; internal actions through the router, addresses in a new tab, others not at all', async () => {
    mockFetch({ '/api/site': { body: site }, search_link_list: { body: results } });
    renderWith(<GlobalSearch />, { me: member('Worker') });
    type('wiring &? <b>');
    const region = screen.getByRole('region', { name: 'Search results' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    await within(region).findByText('Job Safety Analysis');
    for (const t of ['SAFETY', 'STANDARD', 'GUIDANCE', 'Risk', 'JSA', 'Wiring Rules', 'RCD guidance'])
      expect(within(region).getAllByText(t).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Create Job Safety Analysis' }).getAttribute('href')).toBe('/safety-form/f1');
    const view = screen.getByRole('link', { name: 'View AS/NZS 3000' });
    expect(view.getAttribute('href')).toBe('https://standards.example/3000');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Create RCD guidance' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View RCD guidance' })).toBeNull();
  });

  it('encodes the term', async () => {
    const fetch = mockFetch({ '/api/site': { body: site }, search_link_list: { body: [] } });
    renderWith(<GlobalSearch />, { me: member('Worker') });
    type('a&b=c#d');
    await waitFor(() => expect(searchCalls(fetch)).toHaveLength(1));
    expect(searchCalls(fetch)[0]).toBe('/api/entity/safetylinkentity/search_link_list?searchTerm=a%26b%3Dc%23d');
  });

  it('says so when nothing is found, with the support line and Contact Us', async () => {
    mockFetch({ '/api/site': { body: site }, search_link_list: { body: [] } });
    renderWith(<GlobalSearch />, { me: member('Worker') });
    type('zzz');
    expect(await screen.findByText(NO_RESULTS)).toBeTruthy();
    expect(screen.getByRole('link', { name: '1300 000 000' }).getAttribute('href')).toBe('tel:1300000000');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contactus');
  });

  it('a failure gives an empty list (and no phone line when none is configured)', async () => {
    mockFetch({
      '/api/site': { body: { ...site, supportPhone: null } },
      search_link_list: { status: 500, body: { errors: [{ message: 'boom' }] } },
    });
    renderWith(<GlobalSearch />, { me: member('Worker') });
    type('fail');
    expect(await screen.findByText(NO_RESULTS)).toBeTruthy();
    expect(screen.queryByText(/Call us/)).toBeNull();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('a reply that is not a list reads as no results', async () => {
    mockFetch({ '/api/site': { body: site }, search_link_list: { body: { __proto__: { polluted: true }, length: 3 } } });
    renderWith(<GlobalSearch />, { me: member('Worker') });
    type('odd');
    expect(await screen.findByText(NO_RESULTS)).toBeTruthy();
  });
});
