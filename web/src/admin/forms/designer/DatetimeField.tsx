import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { DayInput } from '../../../ui/DayInput';
import classes from './questionEditor.module.css';

export interface DatetimeFieldProps {
  label: string;
  /** A wall-clock time 'YYYY-MM-DDTHH:mm' (the model reads a zone-less time as the filler's local time), or empty. */
  value: unknown;
  onChange: (value: string) => void;
  error?: ReactNode;
}

/** A day in the hub's DD/MM/YYYY picker and a time beside it, as the filler's datetime question asks them. */
export function DatetimeField({ label, value, onChange, error }: DatetimeFieldProps) {
  const m = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(value) : null;
  const day = m?.[1] ?? null;
  const time = m?.[2] ?? '';
  return (
    <div className={classes.datetime}>
      <DayInput label={label} value={day} error={error} onChange={(d) => onChange(d ? `${d}T${time || '00:00'}` : '')} w="100%" />
      <TextInput
        type="time"
        label="Time"
        aria-label={`Time for ${label}`}
        classNames={{ input: classes.input }}
        value={time}
        disabled={!day}
        onChange={(e) => day && onChange(`${day}T${e.currentTarget.value || '00:00'}`)}
      />
    </div>
  );
}
