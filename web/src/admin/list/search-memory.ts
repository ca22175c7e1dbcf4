/**
 * The last search term typed in a back-office list, kept in local storage under
 * `searchedValue` (the spec's key), with the list it was typed on under `searchedList`:
 * the term comes back only on that list, so a search on News never filters Assets.
 */
export const SEARCH_KEY = 'searchedValue';
export const SEARCH_LIST_KEY = 'searchedList';

/** The term to apply when list `list` opens: the last one typed, if it was typed there. */
export function rememberedSearch(list: string): string {
  return localStorage.getItem(SEARCH_LIST_KEY) === list ? (localStorage.getItem(SEARCH_KEY) ?? '') : '';
}

export function rememberSearch(list: string, term: string): void {
  localStorage.setItem(SEARCH_KEY, term);
  localStorage.setItem(SEARCH_LIST_KEY, list);
}
