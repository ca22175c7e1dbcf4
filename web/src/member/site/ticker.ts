import { parseWireDate } from '@hub/model/values';

/** Local storage keys of the news ticker (member-site.md section 9). */
export const TICKER_FLAG = 'displayNewsTicker';
export const TICKER_CONTENT = 'newsContent';

/**
 * Whether the ticker shows `notice`: never without a notice; a notice other than the one
 * kept resets the flag to show (and is kept); otherwise shown unless hidden ('false').
 * On by default.
 */
export function tickerShown(notice: string | null | undefined, storage: Storage = localStorage): boolean {
  if (!notice) return false;
  if (storage.getItem(TICKER_CONTENT) !== notice) {
    storage.setItem(TICKER_CONTENT, notice);
    storage.setItem(TICKER_FLAG, 'true');
  }
  return storage.getItem(TICKER_FLAG) !== 'false';
}

/** The reader hides the ticker: off until the notice changes. */
export function hideTicker(storage: Storage = localStorage): void {
  storage.setItem(TICKER_FLAG, 'false');
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A wire date as day of week, day, month, year in the viewer's time zone: 'Wednesday, 25 November 2026'. */
export function formatNewsDate(wire: string | null | undefined): string {
  const d = wire ? parseWireDate(wire) : null;
  if (!d) return '';
  return `${DAYS[d.getDay()]}, ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}
