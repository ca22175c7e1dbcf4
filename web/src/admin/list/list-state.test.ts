import { describe, expect, it } from 'vitest';
import {
  clearSelection,
  cycleSort,
  goToPage,
  initialState,
  isPageSelected,
  isSelected,
  selectAllPages,
  selectedCount,
  setFilter,
  togglePage,
  toggleRow,
} from './list-state';

describe('the list controller', () => {
  it('cycles a column sort descending, ascending, none, and restarts at page 1', () => {
    let s = { ...initialState(), page: 3 };
    s = cycleSort(s, 'description');
    expect(s.sort).toEqual({ path: 'description', direction: 'desc' });
    expect(s.page).toBe(1);
    s = cycleSort(s, 'description');
    expect(s.sort).toEqual({ path: 'description', direction: 'asc' });
    s = cycleSort(s, 'description');
    expect(s.sort).toBeNull();
    expect(cycleSort(cycleSort(s, 'brand'), 'status').sort).toEqual({ path: 'status', direction: 'desc' });
  });

  it('goes to a page, clamped, ignoring non-numbers', () => {
    const s = initialState(10);
    expect(goToPage(s, '3', 45).page).toBe(3);
    expect(goToPage(s, '99', 45).page).toBe(5);
    expect(goToPage(s, '0', 45).page).toBe(1);
    expect(goToPage(s, 'abc', 45)).toBe(s);
    expect(goToPage(s, '', 45)).toBe(s);
    expect(goToPage(s, '2', 0).page).toBe(1);
  });

  it('selects rows, the page, all pages with exclusions, and cancels', () => {
    const page = ['a', 'b', 'c'];
    let s = toggleRow(initialState(), 'b');
    expect(isSelected(s, 'b')).toBe(true);
    expect(isPageSelected(s, page)).toBe(false);
    s = togglePage(s, page);
    expect(isPageSelected(s, page)).toBe(true);
    expect(selectedCount(s, 30)).toBe(3);
    s = selectAllPages(s);
    expect(selectedCount(s, 30)).toBe(30);
    s = toggleRow(s, 'a');
    expect(isSelected(s, 'a')).toBe(false);
    expect(selectedCount(s, 30)).toBe(29);
    expect(clearSelection(s)).toMatchObject({ allPages: false, selected: [] });
  });

  it('tracks applied filters', () => {
    let s = setFilter({ ...initialState(), page: 4 }, 'status', ['IN_SERVICE']);
    expect(s.filters).toEqual({ status: ['IN_SERVICE'] });
    expect(s.page).toBe(1);
    s = setFilter(s, 'status', []);
    expect(s.filters).toEqual({});
  });
});
