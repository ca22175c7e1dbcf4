import { describe, expect, it } from 'vitest';
import { DUE_SOON_DAYS, dueState, todayLocal } from './due';

describe('dueState', () => {
  const today = '2026-11-27';

  it('flags a day before today as Overdue, however long ago', () => {
    expect(dueState('2026-11-26', today)).toEqual({ kind: 'overdue', days: -1, label: 'Overdue' });
    expect(dueState('2026-11-18', today)).toEqual({ kind: 'overdue', days: -9, label: 'Overdue' });
    expect(dueState('2024-05-31', today)?.label).toBe('Overdue');
  });

  it('flags today as Due today and tomorrow as Due tomorrow', () => {
    expect(dueState('2026-11-27', today)).toEqual({ kind: 'today', days: 0, label: 'Due today' });
    expect(dueState('2026-11-28', today)).toEqual({ kind: 'soon', days: 1, label: 'Due tomorrow' });
  });

  it("counts days within Reminder One's window (30 days) and says nothing beyond it", () => {
    expect(DUE_SOON_DAYS).toBe(30);
    expect(dueState('2026-12-17', today)).toEqual({ kind: 'soon', days: 20, label: 'Due in 20 days' });
    expect(dueState('2026-12-27', today)?.label).toBe('Due in 30 days');
    expect(dueState('2026-12-28', today)).toBeNull();
    expect(dueState('2027-06-30', today)).toBeNull();
    expect(dueState('2026-12-04', today, 7)?.label).toBe('Due in 7 days');
    expect(dueState('2026-12-05', today, 7)).toBeNull();
  });

  it('counts calendar days across month and year ends, leap days and daylight saving', () => {
    expect(dueState('2026-12-01', '2026-11-30')?.label).toBe('Due tomorrow');
    expect(dueState('2026-11-30', '2026-12-01')?.kind).toBe('overdue');
    expect(dueState('2027-01-01', '2026-12-31')?.label).toBe('Due tomorrow');
    expect(dueState('2028-03-01', '2028-02-28')?.label).toBe('Due in 2 days');
    expect(dueState('2027-03-01', '2027-02-28')?.label).toBe('Due tomorrow');
    expect(dueState('2027-04-05', '2027-04-03')?.label).toBe('Due in 2 days'); // Sydney leaves daylight saving on 4 April 2027
  });

  it('reads the day of a longer wire value, and nothing of no date or a malformed one', () => {
    expect(dueState('2026-11-27 00:00:00', today)?.kind).toBe('today');
    expect(dueState(null, today)).toBeNull();
    expect(dueState(undefined, today)).toBeNull();
    expect(dueState('', today)).toBeNull();
    expect(dueState('27/11/2026', today)).toBeNull();
  });

  it("takes today from the viewer's local calendar, not UTC", () => {
    // 23:30 local on 27 November: still the 27th here, whatever the UTC day is.
    expect(todayLocal(new Date(2026, 10, 27, 23, 30))).toBe('2026-11-27');
    expect(todayLocal(new Date(2026, 10, 28, 0, 15))).toBe('2026-11-28');
  });
});
