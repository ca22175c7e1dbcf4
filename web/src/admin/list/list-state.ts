/** The state of a generic list screen, as pure functions (back-office 2.5). */
export type SortDirection = 'desc' | 'asc' | null;

export interface ListState {
  search: string;
  sort: { path: string; direction: Exclude<SortDirection, null> } | null;
  page: number;
  pageSize: number;
  filters: Record<string, string[]>;
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

export function setFilter(state: ListState, path: string, values: string[]): ListState {
  const filters = { ...state.filters };
  if (values.length) filters[path] = values;
  else delete filters[path];
  return { ...state, filters, page: 1 };
}
