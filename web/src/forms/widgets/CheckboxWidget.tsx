import { isRequired, useAnswer, useFiller, useQuestionError } from '../context';
import { InfoTip, QuestionFrame, ReadOnlyValue, useQuestionIds, type WidgetProps } from './QuestionFrame';
import classes from './widgets.module.css';

/** checkbox: the answer is true or false (no answer until touched, which reads as unticked). */
export function CheckboxWidget({ q, readOnly }: WidgetProps) {
  const { answers } = useFiller();
  const value = useAnswer(q.id);
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  // Read-only (a submitted form) an unticked box reads 'No', as in the submission's PDF.
  if (readOnly) return <ReadOnlyValue q={q} text={value === true || value === 'true' ? 'Yes' : 'No'} />;
  return (
    <QuestionFrame q={q} noTitle>
      <div className={classes.titleRow}>
        <label className={classes.choice}>
          <input
            type="checkbox"
            className={classes.mark}
            id={ids.input}
            checked={value === true}
            aria-invalid={!!error || undefined}
            aria-describedby={ids.error}
            aria-required={isRequired(q) || undefined}
            onChange={(e) => answers.set(q.id, e.currentTarget.checked)}
          />
          <span className={classes.title}>
            {q.title}
            {isRequired(q) && (
              <span className={classes.required} aria-hidden>
                *
              </span>
            )}
          </span>
        </label>
        {q.toolTip && <InfoTip text={q.toolTip} />}
      </div>
    </QuestionFrame>
  );
}
