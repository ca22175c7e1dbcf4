/** The state of a generic list screen, as pure functions (back-office 2.5). */
export type SortDirection = 'desc' | 'asc' | null;

export interface ListState {
  search: string;
  sort: { path: string; direction: Exclude<SortDirection, null> } | null;
  page: number;
  pageSize: number;
  /** The filters in force (sent to the server). */
  filters: Record<string, string[]>;
  /** The filters as edited in the panel, in force only after Apply. */
  draft: Record<string, string[]>;
  /** False once a filter is changed, until Apply or Clear (back-office 4). */
  filtersApplied: boolean;
  /** Ids picked by hand, or (allPages) ids left out of "every matching record". */
  selected: string[];
  allPages: boolean;
}

export const initialState = (pageSize = 10): ListState => ({
  search: '',
  sort: null,
  page: 1,
  pageSize,
  filters: {},
  draft: {},
  filtersApplied: true,
  selected: [],
  allPages: false,
});

/** Clicking a column header cycles descending, ascending, none. */
export function cycleSort(state: ListState, path: string): ListState {
  const current = state.sort?.path === path ? state.sort.direction : null;
  const next: SortDirection = current === null ? 'desc' : current === 'desc' ? 'asc' : null;
  return { ...state, sort: next ? { path, direction: next } : null, page: 1 };
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** "Go to page": 1-based, non-numbers ignored, out-of-range clamped. */
export function goToPage(state: ListState, input: string | number, total: number): ListState {
  const n = typeof input === 'number' ? input : Number(String(input).trim());
  if (!Number.isFinite(n) || String(input).trim() === '') return state;
  const page = Math.min(Math.max(1, Math.floor(n)), pageCount(total, state.pageSize));
  return { ...state, page };
}

export function toggleRow(state: ListState, id: string): ListState {
  const has = state.selected.includes(id);
  return { ...state, selected: has ? state.selected.filter((x) => x !== id) : [...state.selected, id] };
}

/** The page's select-all checkbox: selects the page, or clears everything when the page is already selected. */
export function togglePage(state: ListState, pageIds: string[]): ListState {
  if (isPageSelected(state, pageIds)) return { ...state, selected: [], allPages: false };
  if (state.allPages) return { ...state, selected: state.selected.filter((id) => !pageIds.includes(id)) };
  return { ...state, selected: [...new Set([...state.selected, ...pageIds])] };
}

export const isSelected = (state: ListState, id: string) => (state.allPages ? !state.selected.includes(id) : state.selected.includes(id));
export const isPageSelected = (state: ListState, pageIds: string[]) => pageIds.length > 0 && pageIds.every((id) => isSelected(state, id));

export const selectAllPages = (state: ListState): ListState => ({ ...state, allPages: true, selected: [] });
export const clearSelection = (state: ListState): ListState => ({ ...state, allPages: false, selected: [] });

export function selectedCount(state: ListState, total: number): number {
  return state.allPages ? total - state.selected.length : state.selected.length;
}

const withValues = (filters: Record<string, string[]>, path: string, values: string[]) => {
  const next = { ...filters };
  if (values.some(Boolean)) next[path] = values;
  else delete next[path];
  return next;
};

/** Puts one filter in force at once (the draft follows). */
export function setFilter(state: ListState, path: string, values: string[]): ListState {
  const filters = withValues(state.filters, path, values);
  return { ...state, filters, draft: { ...filters }, page: 1 };
}

/** Changing a filter in the panel: kept as a draft, and the filters are marked not applied. */
export function editFilter(state: ListState, path: string, values: string[]): ListState {
  return { ...state, draft: withValues(state.draft, path, values), filtersApplied: false };
}

/** A date range filter: with only a start date the end date is set to the start. */
export function editDateRange(state: ListState, path: string, from: string, to: string): ListState {
  const end = from && !to ? from : to;
  return editFilter(state, path, from || end ? [from, end] : []);
}

/** A date range is active only when both ends exist (back-office 5). */
export const dateRangeActive = (values: string[] | undefined) => !!values?.[0] && !!values?.[1];

/** Apply Filters: the draft comes into force from the first page; the selection is dropped. */
export function applyFilters(state: ListState): ListState {
  return { ...clearSelection(state), filters: { ...state.draft }, filtersApplied: true, page: 1 };
}

/** Clear Filters: no filter in force, nothing left in the draft. */
export function clearFilters(state: ListState): ListState {
  return { ...clearSelection(state), filters: {}, draft: {}, filtersApplied: true, page: 1 };
}

/** The visible filter state: 'not-applied' after a change until Apply or Clear. */
export function filterStatus(state: ListState): 'none' | 'applied' | 'not-applied' {
  if (!state.filtersApplied) return 'not-applied';
  return Object.keys(state.filters).length ? 'applied' : 'none';
}

/** If the current page would lie beyond the total, back to the first page. */
export function clampPage(state: ListState, total: number): ListState {
  return state.page > pageCount(total, state.pageSize) ? { ...state, page: 1 } : state;
}

/** The users list (back-office 4): a header click cycles ascending, descending, then back to the default (id descending). */
export function cycleUsersSort(
  current: { path: string; descending: boolean } | null,
  path: string,
): { path: string; descending: boolean } | null {
  if (current?.path !== path) return { path, descending: false };
  return current.descending ? null : { path, descending: true };
}
