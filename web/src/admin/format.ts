import { enumLabel, getEntity, type Field } from '@hub/model';
import { formatLocal } from '../ui/dates';

/** A field's value as text, by field kind: list cells and view screens say it the same way. */
export function formatValue(field: Field, value: unknown): string {
  if (value === null || value === undefined || value === '') return field.kind === 'file' ? 'No File Attached' : '';
  switch (field.kind) {
    case 'enum':
      return enumLabel(field.enum, value as string);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'date':
    case 'datetime':
      return formatLocal(value as string);
    case 'reference': {
      const ref = value as Record<string, unknown>;
      return String(ref[getEntity(field.target).display] ?? ref.id ?? '');
    }
    case 'links':
      return ((value as { label?: string; id: string }[]) ?? []).map((v) => v.label ?? v.id).join(', ');
    default:
      return String(value);
  }
}
