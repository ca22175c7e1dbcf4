import { pageOf } from '../records/tabs';

/**
 * The asset routes of member-site.md 2: /assets and /assets-{pageNo}, each with /create,
 * /{id}/create (a new asset under parent {id}), /view/{id} and /edit/{id}.
 */
export const ASSETS_PATH = '/assets';

/** The list path of page `n` (the first page is /assets). */
export const assetsPathOf = (n: number) => (n > 1 ? `${ASSETS_PATH}-${n}` : ASSETS_PATH);

/** The page of a first path segment 'assets-{n}', or null when the segment is anything else. */
export function assetsPageOfSegment(segment: string | undefined): number | null {
  const m = /^assets-(\d{1,7})$/.exec(segment ?? '');
  return m ? pageOf(m[1]) : null;
}
