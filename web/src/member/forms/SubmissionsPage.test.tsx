import { MantineProvider } from '@mantine/core';
import { ROLES } from '@hub/model/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';
import { formatLocal } from '../../ui/dates';
import { submissionConditions, type SubmissionQuery, type SubmissionRow } from './forms-api';
import { SubmissionPage } from './SubmissionPage';
import { PAGE_SIZE, SubmissionsPage } from './SubmissionsPage';

const api = vi.hoisted(() => ({ listSubmissions: vi.fn(), loadSubmission: vi.fn(), loadColleagues: vi.fn() }));
vi.mock('./forms-api', async (original) => ({ ...(await original<typeof import('./forms-api')>()), ...api }));

const manager = { id: 'm', email: 'm@x.example', isDuplicate: false, groups: [], roleName: ROLES.manager } as unknown as Me;
const worker = { ...manager, id: 'w', roleName: ROLES.worker } as Me;

const row = (n: number, extra: Partial<SubmissionRow> = {}): SubmissionRow => ({
  id: `s${n}`,
  created: '2026-03-05 14:07:00',
  jobNumber: `J-${n}`,
  jobAddress: `${n} Example Street`,
  mehubAccount: { firstname: 'Sam', surname: 'Spark', email: 'sam@x.example' },
  formVersion: { version: 2, form: { id: 'f1', name: 'Incident Report', formType: 'INCIDENT' } },
  formReviewRequestId: null,
  ...extra,
});

/** Desktop (every min-width query matches) or a phone (none does). */
function screenWidth(desktop: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: desktop && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function renderAt(path: string, me: Me = manager) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const router = createMemoryRouter(
    [
      { path: '/user-submissions/:type', element: <SubmissionsPage /> },
      { path: '/user-submissions/:type/view/:id', element: <SubmissionPage mode="view" /> },
      { path: '/user-submissions/:type/edit/:id', element: <SubmissionPage mode="edit" /> },
      { path: '/404', element: <p>Page not found</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const lastQuery = (): SubmissionQuery => api.listSubmissions.mock.calls.at(-1)![0] as SubmissionQuery;

const realMatchMedia = window.matchMedia;
beforeEach(() => {
  api.listSubmissions.mockReset();
  api.listSubmissions.mockResolvedValue({ rows: [row(1), row(2, { formReviewRequestId: 'rr1' })], total: 2 });
  screenWidth(true);
});
afterEach(() => {
  cleanup();
  window.matchMedia = realMatchMedia;
});

describe('submissions list (/user-submissions/:type)', () => {
  it('an unknown type is the 404 page, not the list of all; all and every form type are lists', async () => {
    const router = renderAt('/user-submissions/NOPE');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    expect(api.listSubmissions).not.toHaveBeenCalled();
    cleanup();

    renderAt('/user-submissions/all');
    await screen.findByRole('table');
    expect(lastQuery()).toMatchObject({ formType: null, notReviewed: false, search: '', skip: 0, take: PAGE_SIZE });
    cleanup();

    renderAt('/user-submissions/INCIDENT');
    await screen.findByRole('table');
    expect(lastQuery().formType).toBe('INCIDENT');
  });

  it('an unknown type of a submission page is the 404 page too', async () => {
    const router = renderAt('/user-submissions/__proto__/view/s1');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('shows job number, submitter and the date as DD/MM/YYYY hh:mm A, and a reviewer the Review action', async () => {
    renderAt('/user-submissions/all');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Form', 'Job number', 'Submitted by', 'Date', 'Review', 'Actions']);
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getByText('J-1')).toBeTruthy();
    expect(within(first).getByText('1 Example Street')).toBeTruthy();
    expect(within(first).getByText('Sam Spark')).toBeTruthy();
    expect(formatLocal('2026-03-05 14:07:00')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);
    expect(within(first).getByText(formatLocal('2026-03-05 14:07:00'))).toBeTruthy();
    expect(within(first).getByText('Not reviewed')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/user-submissions/INCIDENT/edit/s1');
    expect(within(first).getByRole('button', { name: 'Export Incident Report as PDF' })).toBeTruthy();
  });

  it('a worker sees no Review action', async () => {
    renderAt('/user-submissions/all', worker);
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: 'Review' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'View' })).toHaveLength(2);
  });

  it('the Not reviewed filter asks for submissions without a review request, from page 1, and is kept in the address', async () => {
    const router = renderAt('/user-submissions/all?page=2');
    await screen.findByRole('table');
    expect(lastQuery().skip).toBe(PAGE_SIZE);
    fireEvent.click(screen.getByRole('radio', { name: 'Not reviewed' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ notReviewed: true, skip: 0 }));
    expect(router.state.location.search).toBe('?review=not-reviewed');
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(lastQuery().notReviewed).toBe(false));
  });

  it('searches once typing pauses, not at every key', async () => {
    const router = renderAt('/user-submissions/all');
    await screen.findByRole('table');
    const calls = api.listSubmissions.mock.calls.length;
    const box = screen.getByRole('searchbox', { name: 'Search' });
    for (const text of ['S', 'Sm', 'Smi', 'Smith']) fireEvent.change(box, { target: { value: text } });
    expect(api.listSubmissions.mock.calls.length).toBe(calls);
    await waitFor(() => expect(lastQuery().search).toBe('Smith'));
    expect(api.listSubmissions.mock.calls.filter((c) => (c[0] as SubmissionQuery).search).length).toBe(1);
    expect(router.state.location.search).toBe('?q=Smith');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(lastQuery().search).toBe(''));
  });

  it('Back and Forward bring their search back into the box', async () => {
    const router = renderAt('/user-submissions/all?q=Woods');
    await screen.findByRole('table');
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    expect(box.value).toBe('Woods');
    expect(lastQuery().search).toBe('Woods');
    await router.navigate('/user-submissions/all?q=J-7');
    await waitFor(() => expect(box.value).toBe('J-7'));
    await waitFor(() => expect(lastQuery().search).toBe('J-7'));
  });

  it('pages by 10', async () => {
    api.listSubmissions.mockResolvedValue({ rows: Array.from({ length: PAGE_SIZE }, (_, i) => row(i)), total: 25 });
    renderAt('/user-submissions/all');
    await screen.findByRole('table');
    expect(screen.getByText(/Page 1 of 3 · 25 submissions/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ skip: 20, take: 10 }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(lastQuery().skip).toBe(10));
  });

  it('on a phone each submission is a card with its actions, no table to scroll sideways', async () => {
    screenWidth(false);
    renderAt('/user-submissions/all');
    const list = await screen.findByRole('list', { name: 'Submissions' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText(/J-1/)).toBeTruthy();
    expect(within(cards[0]).getByText('Submitted by Sam Spark')).toBeTruthy();
    expect(within(cards[0]).getByRole('link', { name: 'Review' })).toBeTruthy();
    expect(within(cards[1]).getByText('Reviewed')).toBeTruthy();
  });

  it('an empty list says so; a failure shows its message', async () => {
    api.listSubmissions.mockResolvedValueOnce({ rows: [], total: 0 });
    renderAt('/user-submissions/all');
    expect(await screen.findByText('No results found')).toBeTruthy();
    cleanup();
    api.listSubmissions.mockRejectedValueOnce(new Error('boom'));
    renderAt('/user-submissions/all');
    expect(await screen.findByText('An unexpected error occurred: boom')).toBeTruthy();
  });
});

describe('the list conditions', () => {
  const base = { formType: null, notReviewed: false, search: '' };
  it('are completed submissions, of a type, without a review request when asked', () => {
    expect(submissionConditions(base)).toEqual([[{ path: 'isCompleted', comparison: 'equal', value: ['true'] }]]);
    expect(submissionConditions({ ...base, formType: 'INCIDENT', notReviewed: true }).slice(1)).toEqual([
      [{ path: 'formVersion.form.formType', comparison: 'equal', value: ['INCIDENT'] }],
      [{ path: 'formReviewRequestId', comparison: 'equal', value: null }],
    ]);
  });

  it('find every word of the search in the job or the submitter, within bounds', () => {
    const words = submissionConditions({ ...base, search: '  John   Smith ' }).slice(1);
    expect(words).toHaveLength(2);
    expect(words[0].map((w) => w.path)).toEqual([
      'jobNumber',
      'jobAddress',
      'mehubAccount.firstname',
      'mehubAccount.surname',
      'mehubAccount.email',
    ]);
    expect(words[0].every((w) => w.comparison === 'contains' && w.value?.[0] === 'John')).toBe(true);
    expect(words[1][0].value).toEqual(['Smith']);
    const huge = submissionConditions({ ...base, search: 'x'.repeat(10_000) }).slice(1);
    expect(huge[0][0].value![0]).toHaveLength(100);
    expect(submissionConditions({ ...base, search: 'a b c d e f g h' }).slice(1)).toHaveLength(5);
  });
});
