import { Anchor, Text } from '@mantine/core';
import type { Field } from '@hub/model';
import type { ReactNode } from 'react';
import { formatValue } from '../format';
import { webKindOf } from '../kinds';
import { fileLinkProps } from './upload';

export { useOptions } from './widgets';

export interface FieldProps {
  name: string;
  field: Field;
  value: unknown;
  /** The loaded record, for display values of references and files. */
  record: Record<string, unknown> | null;
  mode: 'create' | 'edit' | 'view';
  error?: string | null;
  onChange(value: unknown): void;
  onBlur(): void;
  /** Read-only, this in place of the formatted value (e.g. a date with its due marker: ui/DueDate). */
  shown?: ReactNode;
}

/** The read-only value of a field in view mode, as its kind shows it (references their loaded record). */
function displayValue(name: string, field: Field, value: unknown, record: Record<string, unknown> | null): string {
  const shown = webKindOf(field).viewValue;
  return formatValue(field, shown ? shown(value, record, name) : value);
}

/** One input per field kind: the unit of extension of the record screens. */
export function FieldInput(props: FieldProps) {
  const { name, field, value, mode } = props;
  const label = field.label ?? name;
  const readOnly = mode === 'view' || field.readOnly || (mode === 'edit' && field.immutable);
  if (readOnly) {
    const file = webKindOf(field).viewFile?.(props.record, name) ?? null;
    return (
      <div>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {file ? (
          <Anchor {...fileLinkProps(file)}>{file.fileName}</Anchor>
        ) : props.shown ? (
          <Text size="sm">{props.shown}</Text>
        ) : (
          <Text size="sm" c={displayValue(name, field, value, props.record) ? undefined : 'dimmed'}>
            {displayValue(name, field, value, props.record) || '—'}
          </Text>
        )}
      </div>
    );
  }
  const input = webKindOf(field).input;
  return input === 'not on the form' ? null : input({ ...props, label });
}
