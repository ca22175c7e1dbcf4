import { formatValue } from '../format';
import type { Column } from './query';

/** A table cell by field kind. */
export function cellText(col: Column, row: Record<string, unknown>): string {
  return formatValue(col.field, col.value ? col.value(row) : row[col.path]);
}
