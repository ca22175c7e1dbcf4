import type { Question } from '@hub/model/forms';

/** The question editor's change: a patch of the question and, for typing, an undo-coalescing key. */
export type EditorChange = (patch: Partial<Question>, key?: string) => void;

/**
 * A typed number as a number when the text says exactly that number, else the text itself, so
 * '1.' or '-' stay as typed while the model (which reads numeric text too) compares the same.
 */
export function numberOrText(text: string): number | string {
  const t = text.trim();
  if (t === '') return '';
  const n = Number(t);
  return Number.isFinite(n) && String(n) === t ? n : text;
}

/** Whether typed text is a number, or still on its way to one ('-' alone, as the filler allows). */
export function isNumberText(text: string): boolean {
  const t = text.trim();
  return t === '' || t === '-' || Number.isFinite(Number(t));
}
