import { describe, expect, it } from 'vitest';
import { conditionsOf, EMPTY_FILTER } from './timeline-api';
import { dayHeader, formatCardTime, formatListTime, formatPeriod } from './formats';

describe('timeline formats (back-office 9)', () => {
  it('heads days Today, Yesterday, else DD/MM/YYYY', () => {
    const now = new Date(2026, 10, 26, 9);
    expect(dayHeader('2026-11-26', now)).toBe('Today');
    expect(dayHeader('2026-11-25', now)).toBe('Yesterday');
    expect(dayHeader('2026-11-24', now)).toBe('24/11/2026');
  });

  it('formats list times, card times and quick-jump periods', () => {
    const wire = new Date(2026, 0, 5, 14, 7, 9).toISOString().slice(0, 19).replace('T', ' ');
    expect(formatListTime(wire)).toBe('05/01/2026 02:07:09 PM');
    expect(formatCardTime(wire)).toBe('14:07 05/01/26');
    expect(formatPeriod(wire, 'Months')).toBe('01/2026');
    expect(formatPeriod(wire, 'Weeks')).toBe('05/01/2026');
  });
});

describe('timeline filter conditions', () => {
  it('searches from 2 characters, ORs instances and action types, and bounds local days', () => {
    expect(conditionsOf({ ...EMPTY_FILTER, searchTerm: 'a' })).toEqual([]);
    const c = conditionsOf({
      searchTerm: 'dr',
      instanceIds: ['a', 'b'],
      startDate: '2026-01-05',
      endDate: '',
      selectedActionTypes: ['CREATED'],
    });
    expect(c[0].map((w) => w.value)).toEqual([['a'], ['b']]);
    expect(c[1]).toEqual([{ path: 'action', comparison: 'equal', value: ['CREATED'] }]);
    // Only a start date: the end is the start (one local day).
    const start = new Date(2026, 0, 5).getTime();
    expect(c[2][0].value![0]).toBe(new Date(start).toISOString().slice(0, 19).replace('T', ' '));
    expect(c[3][0].value![0]).toBe(new Date(2026, 0, 6).toISOString().slice(0, 19).replace('T', ' '));
    expect(c[4].map((w) => w.path)).toContain('entity.email');
    // A fixed account replaces the instances.
    expect(conditionsOf({ ...EMPTY_FILTER, instanceIds: ['x'] }, 'acc')).toEqual([
      [{ path: 'entityId', comparison: 'equal', value: ['acc'] }],
    ]);
  });
});
