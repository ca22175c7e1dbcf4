import type { Field } from '@hub/model';
import { webKindOf } from './kinds';

/** A field's value as text, by field kind (admin/kinds.tsx): list cells and view screens say it the same way. */
export function formatValue(field: Field, value: unknown): string {
  const kind = webKindOf(field);
  if (value === null || value === undefined || value === '') return kind.empty ?? '';
  return kind.format(field, value);
}
