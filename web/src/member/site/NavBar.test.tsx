import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavBar } from './NavBar';
import { NewsTicker } from './NewsTicker';
import { member, mockFetch, renderWith, site } from './test-render';
import { TICKER_CONTENT, TICKER_FLAG } from './ticker';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBar(role: string | null, backend = false, wide = false) {
  mockFetch({ '/api/site': { body: site }, '/api/authorization/providers': { body: { sso: false, ssoLogout: false } } });
  return renderWith(<NavBar wide={wide} />, { me: member(role, backend) });
}

const openMenu = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog', { name: 'Menu' }, { timeout: 10_000 });
};

describe('the navigation bar', () => {
  it('narrow: logo to /home, a burger with a slide-out menu of the entries; no Admin for an ordinary member', async () => {
    renderBar('Worker');
    expect(screen.getByRole('link', { name: 'Safety Hub home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    const drawer = await openMenu();
    await within(drawer).findByRole('link', { name: /Technical/ });
    for (const name of ['Safety', 'Standards', 'Activity', 'Contact Us']) expect(within(drawer).getByRole('link', { name })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Safety' }).getAttribute('href')).toBe('/mesafety');
    const technical = within(drawer).getByRole('link', { name: /Technical/ });
    expect(technical.getAttribute('href')).toBe('https://association.example/technical');
    expect(technical.getAttribute('target')).toBe('_blank');
    expect(technical.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(within(drawer).getByRole('button', { name: 'My Business' }));
    expect(within(drawer).getByRole('button', { name: 'My Business' }).getAttribute('aria-expanded')).toBe('true');
    const toolbox = await within(drawer).findAllByRole('link', { name: 'Toolbox/Safety Meeting' });
    expect(toolbox.map((l) => l.getAttribute('href'))).toContain('/user-submissions/MEETING_AND_TRAINING');
    expect(within(drawer).queryByRole('link', { name: 'My Documents' })).toBeNull();
    expect(within(drawer).queryByRole('link', { name: 'My Integrations' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('a manager sees My Documents and My Integrations; back-end access adds the Admin switch', async () => {
    renderBar('Manager', true);
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    const drawer = await openMenu();
    fireEvent.click(within(drawer).getByRole('button', { name: 'My Business' }));
    expect((await within(drawer).findByRole('link', { name: 'My Documents' })).getAttribute('href')).toBe('/my-documents');
    expect(within(drawer).getByRole('link', { name: 'My Integrations' }).getAttribute('href')).toBe('/integrations');
  });

  it('closes the slide-out menu on navigation', async () => {
    const { router } = renderBar('Worker');
    const drawer = await openMenu();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Activity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('closes the slide-out menu when the window becomes 1600 px or wider', async () => {
    const listeners: ((e: { matches: boolean }) => void)[] = [];
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.push(l),
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      renderBar('Worker');
      await openMenu();
      expect(listeners.length).toBeGreaterThan(0);
      act(() => listeners.forEach((l) => l({ matches: false })));
      expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
      act(() => listeners.forEach((l) => l({ matches: true })));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    } finally {
      window.matchMedia = original;
    }
  });

  it('wide: the main and secondary groups in the bar, no burger', async () => {
    renderBar('SafetyWorker', false, true);
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    const main = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 });
    await within(main).findByRole('link', { name: /Savings/ });
    for (const name of ['Employer HR/Legal', 'Programs', 'My Business']) expect(within(main).getByRole('button', { name })).toBeTruthy();
    // Menus are disclosures: closed, then open on a press, closed by Escape.
    const business = within(main).getByRole('button', { name: 'My Business' });
    expect(business.getAttribute('aria-expanded')).toBe('false');
    expect(within(main).queryByRole('link', { name: 'My Documents' })).toBeNull();
    fireEvent.click(business);
    expect(business.getAttribute('aria-expanded')).toBe('true');
    expect(within(main).getByRole('link', { name: 'My Documents' }).getAttribute('href')).toBe('/my-documents');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(business.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Pat Lee, account' })).toBeTruthy();
    const secondary = screen.getByRole('navigation', { name: 'Secondary' });
    expect(within(secondary).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contactus');
    expect(within(secondary).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });
});

describe('the news ticker', () => {
  beforeEach(() => localStorage.clear());
  const news = (notice: string | null, showtime = true) =>
    mockFetch({
      newsEntitys: { body: { data: { r: notice === null ? [] : [{ id: 'n1', notice, showtime, modified: '2026-11-25 12:00:00' }] } } },
    });

  it('shows the notice with its date, hides on request and stays hidden', async () => {
    news('Toolbox forms updated');
    const first = renderWith(<NewsTicker />, { me: member('Worker') });
    expect(await screen.findByText('Toolbox forms updated')).toBeTruthy();
    expect(screen.getByText(/November 2026:/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide news' }));
    expect(screen.queryByText('Toolbox forms updated')).toBeNull();
    expect(localStorage.getItem(TICKER_FLAG)).toBe('false');
    first.unmount();
    news('Toolbox forms updated');
    const second = renderWith(<NewsTicker />, { me: member('Worker') });
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText('Toolbox forms updated')).toBeNull();
    second.unmount();
    news('A new notice', false);
    renderWith(<NewsTicker />, { me: member('Worker') });
    expect(await screen.findByText('A new notice')).toBeTruthy();
    expect(screen.queryByText(/November 2026/)).toBeNull();
    expect(localStorage.getItem(TICKER_CONTENT)).toBe('A new notice');
  });

  it('shows nothing without a notice', async () => {
    const fetch = news(null);
    renderWith(<NewsTicker />, { me: member('Worker') });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('complementary', { name: 'News' })).toBeNull();
  });
});
