import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { ActionDueDate, PriorityBadge, StatusBadge } from './ActionBits';
import { actionTabs, actionsPageOfSegment, actionsPathOf, submissionUrl } from './action-api';

afterEach(cleanup);
const show = (node: React.ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      {node}
    </MantineProvider>,
  );

describe('corrective action pages', () => {
  it('says Overdue or Due today in words (not colour alone) for an open action, never for a closed one', () => {
    const text = (node: React.ReactNode) => {
      cleanup();
      show(<span data-testid="due">{node}</span>);
      return screen.getByTestId('due').textContent;
    };
    expect(text(<ActionDueDate status="OPEN" dueDate="2026-11-25" today="2026-11-26" />)).toBe('25/11/2026 Overdue');
    expect(text(<ActionDueDate status="OPEN" dueDate="2026-11-26" today="2026-11-26" />)).toBe('26/11/2026 Due today');
    expect(text(<ActionDueDate status="CLOSED" dueDate="2026-11-25" today="2026-11-26" />)).toBe('25/11/2026');
  });

  it('names the priority and status in words', () => {
    show(
      <>
        <PriorityBadge priority="HIGH" />
        <PriorityBadge priority="MODERATE" />
        <PriorityBadge priority="LOW" />
        <StatusBadge status="OPEN" />
        <StatusBadge status="CLOSED" />
      </>,
    );
    for (const word of ['High', 'Moderate', 'Low', 'Open', 'Closed']) expect(screen.getByText(word)).toBeTruthy();
  });

  it('has the tabs Open, Overdue and Closed, overdue being open and due before today', () => {
    const tabs = actionTabs('2026-11-26');
    expect(tabs.map((t) => t.label)).toEqual(['Open', 'Overdue', 'Closed']);
    expect(tabs[1].where).toEqual([
      [{ path: 'status', comparison: 'equal', value: ['OPEN'] }],
      [{ path: 'dueDate', comparison: 'lessThan', value: ['2026-11-26'] }],
    ]);
  });

  it('pages by address and links the submission an action was raised from', () => {
    expect(actionsPathOf(1)).toBe('/corrective-actions');
    expect(actionsPathOf(3)).toBe('/corrective-actions-3');
    expect(actionsPageOfSegment('corrective-actions-3')).toBe(3);
    expect(actionsPageOfSegment('assets-3')).toBeNull();
    expect(submissionUrl({ id: 's1', formVersion: { formId: 'f1', form: { name: 'Site Inspection', formType: 'INSPECTIONS' } } })).toBe(
      '/user-submissions/INSPECTIONS/f1/view/s1',
    );
    expect(submissionUrl(null)).toBeNull();
  });
});
