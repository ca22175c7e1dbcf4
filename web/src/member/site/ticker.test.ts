import { beforeEach, describe, expect, it } from 'vitest';
import { formatNewsDate, hideTicker, TICKER_CONTENT, TICKER_FLAG, tickerShown } from './ticker';

beforeEach(() => localStorage.clear());

describe('the news ticker flag', () => {
  it('is shown by default and keeps the notice', () => {
    expect(tickerShown('Notice A')).toBe(true);
    expect(localStorage.getItem(TICKER_CONTENT)).toBe('Notice A');
    expect(localStorage.getItem(TICKER_FLAG)).toBe('true');
  });

  it('is not shown without a notice', () => {
    expect(tickerShown(null)).toBe(false);
    expect(tickerShown('')).toBe(false);
  });

  it('stays hidden for the same notice, and a changed notice shows it again', () => {
    tickerShown('Notice A');
    hideTicker();
    expect(localStorage.getItem(TICKER_FLAG)).toBe('false');
    expect(tickerShown('Notice A')).toBe(false);
    expect(tickerShown('Notice B')).toBe(true);
    expect(localStorage.getItem(TICKER_FLAG)).toBe('true');
    expect(localStorage.getItem(TICKER_CONTENT)).toBe('Notice B');
  });

  it('a hidden flag kept from an earlier visit with the same notice stays hidden', () => {
    localStorage.setItem(TICKER_CONTENT, 'Notice A');
    localStorage.setItem(TICKER_FLAG, 'false');
    expect(tickerShown('Notice A')).toBe(false);
  });
});

describe('the showtime date', () => {
  it('reads day of week, day, month and year', () => {
    expect(formatNewsDate('2026-11-25 12:00:00')).toMatch(/^(Tuesday, 24|Wednesday, 25|Thursday, 26) November 2026$/);
    expect(formatNewsDate('2026-11-25T12:00:00')).toMatch(/ November 2026$/);
  });
  it('is empty for a missing or broken date', () => {
    expect(formatNewsDate(null)).toBe('');
    expect(formatNewsDate('not a date')).toBe('');
  });
});
