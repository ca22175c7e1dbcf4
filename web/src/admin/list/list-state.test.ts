import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  clampPage,
  clearFilters,
  clearSelection,
  cycleSort,
  cycleUsersSort,
  editDateRange,
  editFilter,
  filterStatus,
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

  it('marks the filters not applied after a change, until Apply or Clear', () => {
    let s = { ...initialState(), page: 3 };
    expect(filterStatus(s)).toBe('none');
    s = editFilter(s, 'status', ['IN_SERVICE']);
    expect(filterStatus(s)).toBe('not-applied');
    expect(s.filters).toEqual({});
    expect(s.page).toBe(3);
    s = toggleRow(s, 'a');
    s = applyFilters(s);
    expect(filterStatus(s)).toBe('applied');
    expect(s.filters).toEqual({ status: ['IN_SERVICE'] });
    expect(s).toMatchObject({ page: 1, selected: [], allPages: false });
    s = editFilter(s, 'status', []);
    expect(filterStatus(s)).toBe('not-applied');
    expect(s.filters).toEqual({ status: ['IN_SERVICE'] });
    s = applyFilters(s);
    expect(filterStatus(s)).toBe('none');
    s = clearFilters(editFilter(s, 'assetType', ['TOOL']));
    expect(filterStatus(s)).toBe('none');
    expect(s).toMatchObject({ filters: {}, draft: {} });
  });

  it('sets the end of a date range to its start when only the start is given', () => {
    let s = editDateRange(initialState(), 'nextInspection', '2026-02-01', '');
    expect(s.draft.nextInspection).toEqual(['2026-02-01', '2026-02-01']);
    s = editDateRange(s, 'nextInspection', '2026-02-01', '2026-02-28');
    expect(s.draft.nextInspection).toEqual(['2026-02-01', '2026-02-28']);
    s = editDateRange(s, 'nextInspection', '', '');
    expect(s.draft).toEqual({});
    expect(editDateRange(initialState(), 'nextInspection', '', '2026-02-28').draft.nextInspection).toEqual(['', '2026-02-28']);
  });

  it('goes back to the first page when the current one lies beyond the total', () => {
    const s = { ...initialState(10), page: 5 };
    expect(clampPage(s, 45)).toBe(s);
    expect(clampPage(s, 12).page).toBe(1);
  });

  it('cycles the users sort ascending, descending, then back to the default', () => {
    let s = cycleUsersSort(null, 'email');
    expect(s).toEqual({ path: 'email', descending: false });
    s = cycleUsersSort(s, 'email');
    expect(s).toEqual({ path: 'email', descending: true });
    expect(cycleUsersSort(s, 'email')).toBeNull();
    expect(cycleUsersSort(s, 'id')).toEqual({ path: 'id', descending: false });
  });
});
