import { describe, expect, it } from 'vitest';
import { defaultWindow, labelFormat, labelMoments, pan, TIMELINE, zoomIn, zoomOut, zoomTo } from './timeline';

const H = 3600_000;
const D = 24 * H;

describe('the timeline graph window (back-office 4 and 9)', () => {
  const now = Date.UTC(2026, 10, 26, 12);

  it('defaults to the earliest event or one month ago, whichever is later, to now', () => {
    expect(defaultWindow(now, now - 90 * D)).toEqual({ start: now - 30 * D, end: now });
    expect(defaultWindow(now, now - 5 * D)).toEqual({ start: now - 5 * D, end: now });
    expect(defaultWindow(now, null)).toEqual({ start: now - 30 * D, end: now });
    // Events only in the last minutes still give the narrowest window.
    expect(defaultWindow(now, now - 60_000)).toEqual({ start: now - TIMELINE.minSpanMs, end: now });
  });

  it('zooms in by a quarter each side only while wider than 4 hours', () => {
    expect(zoomIn({ start: 0, end: 16 * H })).toEqual({ start: 4 * H, end: 12 * H });
    const narrow = { start: 0, end: 8 * H };
    expect(zoomIn(narrow)).toBe(narrow);
    expect(zoomIn({ start: 0, end: 8 * H + 4 })).toEqual({ start: 2 * H + 1, end: 6 * H + 3 });
  });

  it('zooms out to twice the width only while under ten years', () => {
    expect(zoomOut({ start: 10 * D, end: 20 * D })).toEqual({ start: 5 * D, end: 25 * D });
    const wide = { start: 0, end: 6 * 365 * D };
    expect(zoomOut(wide)).toBe(wide);
  });

  it('pans by one window width and zooms to a group at least 4 hours wide', () => {
    expect(pan({ start: 10, end: 20 }, -1)).toEqual({ start: 0, end: 10 });
    expect(pan({ start: 10, end: 20 }, 1)).toEqual({ start: 20, end: 30 });
    const g = zoomTo({ start: 0, end: H });
    expect(g.end - g.start).toBeGreaterThan(TIMELINE.minSpanMs);
    expect((g.start + g.end) / 2).toBe(H / 2);
    expect(zoomTo({ start: 0, end: 10 * H })).toEqual({ start: 0, end: 10 * H });
  });

  it('labels about six dates, formatted by the span', () => {
    expect(labelMoments({ start: 0, end: 10 * H })).toHaveLength(6);
    expect(labelFormat({ start: 0, end: 47 * H })).toBe('DD/MM/YYYY HH:mm');
    expect(labelFormat({ start: 0, end: 48 * H })).toBe('DD/MM/YYYY');
    expect(labelFormat({ start: 0, end: 672 * H })).toBe('DD/MM/YYYY');
    expect(labelFormat({ start: 0, end: 673 * H })).toBe('MM/YYYY');
  });
});
