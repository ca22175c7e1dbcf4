/**
 * Value formats shared by server and web: ids, the wire date format 'YYYY-MM-DD HH:mm:ss'
 * (a moment, UTC) and the wire day 'YYYY-MM-DD' (a calendar day, no time zone).
 */
import { MAX_JSON_DEPTH } from './constants';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

const WIRE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Parses 'YYYY-MM-DD HH:mm:ss' (also 'YYYY-MM-DD' and ISO forms) into a UTC Date,
 * or null when it is not a real date (2026-02-30 is refused).
 */
export function parseWireDate(value: string): Date | null {
  const m = WIRE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  // Year 0 does not exist (PostgreSQL refuses it); Date.UTC would read years 1 to 99 as 1901 to 1999.
  if (parts[0] < 1) return null;
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(parts[0], parts[1], parts[2]);
  date.setUTCHours(parts[3], parts[4], parts[5]);
  if (
    date.getUTCFullYear() !== parts[0] ||
    date.getUTCMonth() !== parts[1] ||
    date.getUTCDate() !== parts[2] ||
    date.getUTCHours() !== parts[3] ||
    date.getUTCMinutes() !== parts[4] ||
    date.getUTCSeconds() !== parts[5]
  )
    return null;
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const [hours, minutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    // Real offsets run from -12:00 to +14:00.
    if (hours > 14 || minutes > 59) return null;
    const offset = sign * (hours * 60 + minutes);
    return new Date(date.getTime() - offset * 60_000);
  }
  return date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats a Date as the wire format in UTC. */
export function toWireDate(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/**
 * The calendar day of a wire value: 'YYYY-MM-DD', also 'YYYY-MM-DD HH:mm:ss' and ISO forms,
 * keeping the day as written (never shifted by a time or a zone); null when not a real date.
 */
export function toWireDay(value: string): string | null {
  return parseWireDate(value) ? value.trim().slice(0, 10) : null;
}

/**
 * Whether a parsed JSON value nests deeper than `max` objects and arrays. Walked with an
 * explicit stack: a hostile value 100,000 levels deep must not overflow the call stack here,
 * nor later in JSON.stringify or a recursive check.
 */
export function jsonTooDeep(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

export const jsonTooDeepMessage = `The value is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
