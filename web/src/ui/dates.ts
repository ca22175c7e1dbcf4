import { parseWireDate } from '@hub/model/values';

const pad = (n: number) => String(n).padStart(2, '0');

/** A wire date ('YYYY-MM-DD HH:mm:ss', UTC) in the viewer's time zone, as DD/MM/YYYY HH:mm. */
export function formatLocal24(wire: string | null | undefined): string {
  const d = wire ? parseWireDate(wire) : null;
  if (!d) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** As DD/MM/YYYY hh:mm A, the spec's display format. */
export function formatLocal(wire: string | null | undefined): string {
  const d = wire ? parseWireDate(wire) : null;
  if (!d) return '';
  const h = d.getHours() % 12 || 12;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(h)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** A wire day ('YYYY-MM-DD', also the day of a longer wire value) as DD/MM/YYYY: a calendar day, never shifted by a time zone. */
export function formatDay(wire: string | null | undefined): string {
  const m = wire ? /^(\d{4})-(\d{2})-(\d{2})/.exec(wire) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}
