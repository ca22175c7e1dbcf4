import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { DueDate } from './DueDate';

afterEach(cleanup);
const show = (node: React.ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      <div data-testid="out">{node}</div>
    </MantineProvider>,
  ).getByTestId('out');

describe('DueDate', () => {
  const today = '2026-11-27';

  it('marks a past day Overdue, today Due today and a near day Due in N days, in words beside the date', () => {
    expect(show(<DueDate day="2026-11-18" today={today} />).textContent).toBe('18/11/2026 Overdue');
    cleanup();
    const c = show(<DueDate day="2026-11-27" today={today} />);
    expect(c.textContent).toBe('27/11/2026 Due today');
    expect(c.querySelector('[data-due="today"] svg[aria-hidden]')).toBeTruthy();
    cleanup();
    expect(show(<DueDate day="2026-12-17" today={today} />).textContent).toBe('17/12/2026 Due in 20 days');
  });

  it('shows a far day, a day that is not due and no day plainly', () => {
    expect(show(<DueDate day="2027-06-30" today={today} />).innerHTML).toBe('30/06/2027');
    cleanup();
    expect(show(<DueDate day="2026-11-18" today={today} due={false} />).innerHTML).toBe('18/11/2026');
    cleanup();
    expect(show(<DueDate day={null} today={today} />).innerHTML).toBe('');
  });
});
