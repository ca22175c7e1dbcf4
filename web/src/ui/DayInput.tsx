import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import type { ReactNode } from 'react';

/** How a day is shown and typed everywhere in the hub. */
export const DAY_FORMAT = 'DD/MM/YYYY';

const real = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(y, m - 1, d);
  if (y < 1 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/**
 * A typed day as 'YYYY-MM-DD', or null: 'DD/MM/YYYY' (also with '-' or '.', one-digit day and
 * month) as shown, or 'YYYY-MM-DD' as on the wire; impossible days (31/02/2026) are null.
 */
export function parseDay(text: string): string | null {
  const s = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (dmy) return real(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (iso) return real(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

export interface DayInputProps {
  label: ReactNode;
  /** The day, 'YYYY-MM-DD' (a longer wire value keeps its day), or empty. */
  value: string | null | undefined;
  onChange: (day: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  withAsterisk?: boolean;
  w?: number | string;
}

/**
 * The hub's day picker: shown and typed as DD/MM/YYYY whatever the browser's language (the
 * browser's own date field follows its locale, mm/dd/yyyy in US English), with a calendar;
 * reads and writes the wire day 'YYYY-MM-DD', never shifted by a time zone.
 */
export function DayInput({ label, value, onChange, onBlur, error, withAsterisk, w }: DayInputProps) {
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
  return (
    <DateInput
      label={label}
      value={day}
      valueFormat={DAY_FORMAT}
      placeholder={DAY_FORMAT}
      dateParser={parseDay}
      clearable
      highlightToday
      error={error}
      withAsterisk={withAsterisk}
      onBlur={onBlur}
      w={w}
      popoverProps={{ withinPortal: true }}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
    />
  );
}
