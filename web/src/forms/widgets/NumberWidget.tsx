import { parseNumberInput, type Question } from '@hub/model/forms';
import { useState } from 'react';
import { isRequired, useAnswer, useFiller, useQuestionError } from '../context';
import { QuestionFrame, ReadOnlyValue, useQuestionIds, type WidgetProps } from './QuestionFrame';
import classes from './widgets.module.css';

/** A number question wants whole numbers when its style says so. */
export function wholeNumbersOnly(q: Question): boolean {
  return ['integer', 'wholeNumber', 'whole'].includes(q.className ?? '');
}

/** What a number's text may hold as typed: a letter (or any other character) is refused; a misplaced sign or point gets its message. */
const NUMBER_CHARACTERS = /^[\d\s.-]*$/;

const show = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/**
 * number: the answer is a number; an empty field has none. The text is kept as typed so
 * '-' or '1.' can be on the way to a number; text that is not one shows 'The value must be
 * a number' (or 'The value must be a whole number') and leaves no answer. Letters are
 * refused as typed (or pasted), and phones open their numeric keypad: digits only for
 * whole numbers, with the decimal point otherwise.
 */
export function NumberWidget({ q, readOnly }: WidgetProps) {
  const ctx = useFiller();
  const value = useAnswer(q.id);
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  const whole = wholeNumbersOnly(q);
  const [text, setText] = useState(() => show(value));
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    // The answer changed from outside (a reset or a loaded draft): show it unless the text already means it.
    setSeen(value);
    if (!Object.is(parseNumberInput(text, whole).value, value)) setText(show(value));
  }
  if (readOnly) return <ReadOnlyValue q={q} text={show(value)} />;
  return (
    <QuestionFrame q={q}>
      <input
        id={ids.input}
        type="text"
        inputMode={whole ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={text}
        className={classes.field}
        aria-invalid={!!error || undefined}
        aria-describedby={ids.error}
        aria-required={isRequired(q) || undefined}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (!NUMBER_CHARACTERS.test(next)) return;
          const parsed = parseNumberInput(next, whole);
          setText(next);
          ctx.reportInputError(q.id, parsed.error ?? null);
          ctx.answers.set(q.id, parsed.error ? undefined : parsed.value);
        }}
      />
    </QuestionFrame>
  );
}
