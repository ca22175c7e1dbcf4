import { BadInputError } from '../core/errors';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a time zone; an unknown zone is the caller's mistake (400). */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hour12: true,
      });
    } catch {
      throw new BadInputError(`Unknown time zone ${timeZone}`);
    }
    if (formatters.size > 200) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws the 400 'Unknown time zone {id}' unless `timeZone` is an IANA zone the runtime knows. */
export function assertTimeZone(timeZone: string): void {
  formatterOf(timeZone);
}

interface Parts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  dayPeriod: string;
}

function partsOf(date: Date, timeZone: string): Parts {
  const out: Record<string, string> = {};
  for (const p of formatterOf(timeZone).formatToParts(date)) out[p.type] = p.value;
  return out as unknown as Parts;
}

/** DD/MM/YYYY hh:mm A in the zone (the spec's display format for created and modified). */
export function formatDateTime(date: Date, timeZone: string): string {
  const p = partsOf(date, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
}

/** DD-MM-YYYY in the zone (file names). */
export function fileDate(date: Date, timeZone: string): string {
  const p = partsOf(date, timeZone);
  return `${p.day}-${p.month}-${p.year}`;
}

/** A date answer 'YYYY-MM-DD' as DD/MM/YYYY (other text is shown as it is). */
export function formatDateAnswer(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** A datetime answer (ISO text) as DD/MM/YYYY hh:mm A in the zone. */
export function formatDateTimeAnswer(value: string, timeZone: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDateTime(date, timeZone);
}
