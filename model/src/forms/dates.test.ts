import { describe, it, expect } from 'vitest';
import { formatDate, formatDateTime, parseDay, parseInstant, toDayString } from './dates';

describe('dates', () => {
  it('reads a date answer as its local midnight and rejects impossible days', () => {
    expect(parseDay('2024-03-05')).toEqual(new Date(2024, 2, 5));
    expect(parseDay('2024-03-05T23:59:00Z')).toEqual(new Date(2024, 2, 5));
    expect(parseDay('2024-02-30')).toBeUndefined();
    expect(parseDay('05/03/2024')).toBeUndefined();
    expect(parseDay(20240305)).toBeUndefined();
  });

  it('reads datetimes as instants, a bare date as local midnight', () => {
    expect(parseInstant('2024-03-05T10:30:00.000Z')?.toISOString()).toBe('2024-03-05T10:30:00.000Z');
    expect(parseInstant('2024-03-05')).toEqual(new Date(2024, 2, 5));
    expect(parseInstant('soon')).toBeUndefined();
    expect(parseInstant('')).toBeUndefined();
  });

  it('formats DD/MM/YYYY and DD/MM/YYYY hh:mm A', () => {
    expect(formatDate(new Date(2024, 0, 9))).toBe('09/01/2024');
    expect(formatDateTime(new Date(2024, 0, 9, 0, 5))).toBe('09/01/2024 12:05 AM');
    expect(formatDateTime(new Date(2024, 0, 9, 12, 0))).toBe('09/01/2024 12:00 PM');
    expect(formatDateTime(new Date(2024, 11, 31, 23, 59))).toBe('31/12/2024 11:59 PM');
    expect(toDayString(new Date(2024, 0, 9))).toBe('2024-01-09');
  });
});
