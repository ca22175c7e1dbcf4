import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { toWireDay } from '@hub/model';
import type { ReactNode } from 'react';

/** How a day is shown and typed everywhere in the hub. */
export const DAY_FORMAT = 'DD/MM/YYYY';

/**
 * A typed day as 'YYYY-MM-DD', or null: 'DD/MM/YYYY' (also with '-' or '.', one-digit day and
 * month) as shown, or 'YYYY-MM-DD' as on the wire; impossible days (31/02/2026) are null.
 */
export function parseDay(text: string): string | null {
  const s = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  const iso = dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : s;
  // The model's wire check: a real day of a year from 1 on, 'YYYY-MM-DD' only.
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? toWireDay(iso) : null;
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
  /** The first day offered, 'YYYY-MM-DD' (earlier days are greyed out in the calendar). */
  minDate?: string;
}

/**
 * The hub's day picker: shown and typed as DD/MM/YYYY whatever the browser's language (the
 * browser's own date field follows its locale, mm/dd/yyyy in US English), with a calendar;
 * reads and writes the wire day 'YYYY-MM-DD', never shifted by a time zone. Its calendar is the
 * theme's (ui/calendar.ts: named arrows, 44 px days on a touch screen); its clear button is
 * named after the field ('Clear Due date').
 */
export function DayInput({ label, value, onChange, onBlur, error, withAsterisk, w, minDate }: DayInputProps) {
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
  return (
    <DateInput
      label={label}
      value={day}
      valueFormat={DAY_FORMAT}
      placeholder={DAY_FORMAT}
      dateParser={parseDay}
      clearable
      clearButtonProps={{ 'aria-label': typeof label === 'string' && label ? `Clear ${label}` : 'Clear' }}
      highlightToday
      error={error}
      withAsterisk={withAsterisk}
      onBlur={onBlur}
      w={w}
      minDate={minDate}
      popoverProps={{ withinPortal: true }}
      // Enter takes the typed day (as leaving the field does), never the whole form's Save.
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        e.currentTarget.blur();
      }}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
    />
  );
}
