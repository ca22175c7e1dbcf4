/**
 * Date handling for date and datetime answers without a date library (the model package only
 * depends on zod). Date answers are calendar days 'YYYY-MM-DD' read in local time, because
 * Date.parse would read them as UTC midnight and shift the day east or west of Greenwich.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** Local midnight of a 'YYYY-MM-DD' value (a longer ISO text counts by its date part). */
export function parseDay(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : startOfDay(value);
  if (typeof value !== 'string') return undefined;
  const m = DAY.exec(value.trim());
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Rejects impossible days such as 2024-02-30, which Date would roll into March.
  return d.getDate() === Number(m[3]) && d.getMonth() === Number(m[2]) - 1 ? d : undefined;
}

/** The instant of an ISO 8601 datetime; a date-only value means its local midnight. */
export function parseInstant(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return parseDay(value);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** DD/MM/YYYY in local time. */
export function formatDate(d: Date): string {
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** DD/MM/YYYY hh:mm A in local time, the spec's display format for date-times. */
export function formatDateTime(d: Date): string {
  const h = d.getHours();
  return `${formatDate(d)} ${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(d.getMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** YYYY-MM-DD of a local date: the answer shape of a date question. */
export function toDayString(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
