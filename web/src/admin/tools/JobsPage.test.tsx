import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import JobsPage from './JobsPage';

const rest = vi.fn();
vi.mock('../../client/api', async (original) => ({
  ...(await original<typeof import('../../client/api')>()),
  api: (...args: unknown[]) => rest(...args),
}));

const run = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  slot: '2026-11-27',
  attempt: 1,
  trigger: 'manual',
  requestedBy: 'admin@hub.example',
  serverId: 'server-1',
  started: '2026-11-26 08:00:00',
  finished: '2026-11-26 08:00:00.2',
  status: 'succeeded',
  error: null,
  summary: 'Sent 2 reminders to 1 person for 27/11/2026 (Australia/Sydney)',
  retryAt: null,
  ...over,
});

const job = (last: ReturnType<typeof run>) => ({
  name: 'reminders',
  title: 'Reminders',
  description: 'Reminders falling due.',
  cron: '0 19 * * *',
  schedule: 'At 19:00 (UTC)',
  runAtStartup: true,
  maxAttempts: 3,
  disabledReason: null,
  nextRun: null,
  lastRun: last,
  lastFinished: last,
  running: false,
  recentRuns: [last],
  recentFailures: [],
});

const mail = (id: string, subject: string) => ({
  id,
  to: 'sam@hub.example',
  subject,
  created: '2026-11-26 08:00:00',
  sentAt: null,
  error: null,
});

let lastRun: ReturnType<typeof run>;
let mails: ReturnType<typeof mail>[];
let client: QueryClient;

beforeEach(() => {
  lastRun = run('r1');
  mails = [];
  rest.mockImplementation(async (method: string, path: string) => {
    if (method === 'GET' && path === '/api/jobs') return { scheduled: true, serverId: 'server-1', jobs: [job(lastRun)] };
    if (method === 'GET' && path === '/api/mail/outbox') return mails;
    if (method === 'POST' && path === '/api/jobs/reminders/run') {
      // A short run: finished, and its mail written, before the page asks again.
      lastRun = run('r2', { started: '2026-11-26 09:00:00', finished: '2026-11-26 09:00:00.2' });
      mails = [mail('m1', "Reminder: Asset 'Full body harness' was due for inspection on 26/11/2026")];
      return lastRun;
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <JobsPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
});

afterEach(() => {
  cleanup();
  rest.mockReset();
});

const outboxCalls = () => rest.mock.calls.filter(([m, p]) => m === 'GET' && p === '/api/mail/outbox').length;

describe('the jobs page', () => {
  it('shows the outbox’s new mail after Run now, though the run ended before the page saw it running', async () => {
    const runs = await screen.findByRole('table', { name: 'Recent runs of Reminders' });
    expect(within(runs).getAllByRole('row')).toHaveLength(2);
    await screen.findByText('No results found');
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    const outbox = screen.getByRole('table', { name: 'Mail outbox' });
    await waitFor(() => expect(within(outbox).getByText(/was due for inspection on 26\/11\/2026/)).toBeTruthy());
    expect(screen.queryByText('No results found')).toBeNull();
  });

  it('refetches the outbox whenever a job’s last run changes, without Run now', async () => {
    await screen.findByRole('table', { name: 'Recent runs of Reminders' });
    await waitFor(() => expect(outboxCalls()).toBe(1));
    // The same run again: no new mail to look for.
    await client.invalidateQueries({ queryKey: ['jobs'] });
    await waitFor(() => expect(rest.mock.calls.filter(([, p]) => p === '/api/jobs').length).toBe(2));
    expect(outboxCalls()).toBe(1);
    // A scheduled run came and went between two looks.
    lastRun = run('r3', { trigger: 'schedule', requestedBy: null });
    mails = [mail('m2', 'Reminder: 2 safety records need attention')];
    await client.invalidateQueries({ queryKey: ['jobs'] });
    await screen.findByText('Reminder: 2 safety records need attention');
    expect(outboxCalls()).toBe(2);
  });

  it('names every cell of a run and a mail, for the phone’s cards', async () => {
    const runs = await screen.findByRole('table', { name: 'Recent runs of Reminders' });
    const cells = within(within(runs).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Started', 'How', 'Attempt', 'Outcome', 'Result', 'Took', 'Server']);
    expect(within(runs).getByText('Sent 2 reminders to 1 person for 27/11/2026 (Australia/Sydney)')).toBeTruthy();
    // The outcome badge is never cut to an ellipsis.
    const badge = within(cells[3]).getByText('Succeeded');
    expect(getComputedStyle(badge).textOverflow).not.toBe('ellipsis');
  });
});
