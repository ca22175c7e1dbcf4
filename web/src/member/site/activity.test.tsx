import type { RecentActivity } from '@hub/model/site';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_SHOWN, activityModalFor } from './activity';
import { ActivityPage } from './ActivityPage';
import { RecentActivityModal } from './RecentActivityGate';
import { member, mockFetch, renderWith, site } from './test-render';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const items: RecentActivity[] = [
  {
    owner: 'Wendy Worker',
    title: 'Review: Job Safety Analysis',
    priority: 'High',
    url: '/user-submissions/RISK_ASSESSMENT/f1/edit/s1',
    requestId: 'r1',
    date: '2026-11-24T10:00:00Z',
  },
  { owner: 'Sam Safety', title: 'Licence renewal', priority: 'Low', url: null, requestId: null, date: '2026-11-23T10:00:00Z' },
  {
    owner: 'Eve',
    title: 'Somewhere else',
    priority: 'Medium',
    url: 'https://evil.example/',
    requestId: null,
    date: '2026-11-22T10:00:00Z',
  },
  { owner: 'Eve', title: 'Sneaky path', priority: 'Medium', url: '//evil.example/', requestId: null, date: '2026-11-22T10:00:00Z' },
];

describe('who gets the Recent Activity modal', () => {
  it.each([
    ['SafetyManager', true],
    ['SafetyWorker', true],
    ['Worker', true],
    ['Manager', true],
    ['Pro-Manager', false],
    ['Pro-Worker', false],
    [null, false],
  ])('%s: %s', (role, expected) => {
    expect(activityModalFor(member(role), site)).toBe(expected);
    expect(activityModalFor(member(role), { ...site, testMode: true })).toBe(false);
  });
  it('nobody before the configuration or the user is known', () => {
    expect(activityModalFor(member('Worker'), undefined)).toBe(false);
    expect(activityModalFor(null, site)).toBe(false);
  });
});

function renderModal(role: string | null, config = site, activity: RecentActivity[] = items) {
  const fetch = mockFetch({
    '/api/site': { body: config },
    GetRecentActivity: { body: activity },
    FormReviewRequestEntity: { body: { id: 'r1' } },
  });
  const view = renderWith(<RecentActivityModal />, {
    me: member(role),
    extra: [
      { path: '/activity', element: <p>All activity</p> },
      { path: '/user-submissions/:type/:formId/edit/:id', element: <p>Review page</p> },
    ],
  });
  return { ...view, fetch };
}

describe('the Recent Activity modal', () => {
  it('opens once per browser session with owner, title, priority word and View', async () => {
    const first = renderModal('Worker');
    expect(await screen.findByRole('dialog', { name: 'Recent Activity' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Review: Job Safety Analysis')).toBeTruthy();
    expect(screen.getByText('Wendy Worker')).toBeTruthy();
    expect(screen.getByText('High priority')).toBeTruthy();
    expect(screen.getByText('Low priority')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Review: Job Safety Analysis' })).toBeTruthy();
    // No page, or not a page of the hub: no View.
    expect(screen.queryByRole('button', { name: 'View Licence renewal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'View Somewhere else' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'View Sneaky path' })).toBeNull();
    expect(sessionStorage.getItem(ACTIVITY_SHOWN)).toBe('true');
    first.unmount();
    renderModal('Worker');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown in test mode nor to other roles', async () => {
    const a = renderModal('Worker', { ...site, testMode: true });
    await waitFor(() => expect(a.fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    a.unmount();
    renderModal('Pro-Worker');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem(ACTIVITY_SHOWN)).toBeNull();
  });

  it("says 'No recent activities.' and leads to /activity", async () => {
    const { router } = renderModal('SafetyManager', site, []);
    expect(await screen.findByText('No recent activities.', undefined, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See all recent activity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
  });

  it('View on a review first clears its notification, then opens the page', async () => {
    const { fetch, router } = renderModal('Manager');
    fireEvent.click(await screen.findByRole('button', { name: 'View Review: Job Safety Analysis' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-submissions/RISK_ASSESSMENT/f1/edit/s1'));
    const put = fetch.mock.calls.find((c) => String(c[0]).includes('FormReviewRequestEntity'));
    expect(put?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ id: 'r1', showNotification: false });
    const order = fetch.mock.calls.map((c) => String(c[0]));
    expect(order.indexOf('/api/entity/FormReviewRequestEntity')).toBeGreaterThan(-1);
  });

  it('View still opens the page when clearing the notification fails', async () => {
    mockFetch({
      '/api/site': { body: site },
      GetRecentActivity: { body: items },
      FormReviewRequestEntity: { status: 500, body: { errors: [{ message: 'nope' }] } },
    });
    const { router } = renderWith(<RecentActivityModal />, {
      me: member('Manager'),
      extra: [{ path: '/user-submissions/:type/:formId/edit/:id', element: <p>Review page</p> }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'View Review: Job Safety Analysis' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-submissions/RISK_ASSESSMENT/f1/edit/s1'));
  });
});

describe('/activity', () => {
  it('lists everything under non-safety crumbs', async () => {
    mockFetch({ GetRecentActivity: { body: items } });
    renderWith(<ActivityPage />, { me: member('Pro-Worker'), path: '/activity' });
    expect(await screen.findByText('Sneaky path')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toContain('Home');
    expect(crumbs.textContent).not.toContain('Safety');
    expect(screen.getByRole('heading', { name: 'Recent Activity' })).toBeTruthy();
  });
});
