import { isRequired, useAnswer, useFiller, useQuestionError } from '../context';
import { QuestionFrame, ReadOnlyValue, useQuestionIds, type WidgetProps } from './QuestionFrame';
import classes from './widgets.module.css';

/** On-screen keyboard hint from the question's validators. */
function inputMode(q: WidgetProps['q']): 'email' | 'tel' | undefined {
  if (q.validators?.some((v) => v.validator === 'email')) return 'email';
  if (q.validators?.some((v) => v.validator === 'phone')) return 'tel';
  return undefined;
}

/**
 * text, textArea, jobNumber, jobAddress: the answer is the string typed (an empty field
 * has no answer). Plain elements in Mantine's look (not TextInput) keep 200 of them fast.
 */
export function TextWidget({ q, readOnly }: WidgetProps) {
  const { answers } = useFiller();
  const value = useAnswer(q.id);
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  const text = value == null ? '' : String(value);
  if (readOnly) return <ReadOnlyValue q={q} text={text} />;
  const common = {
    id: ids.input,
    value: text,
    className: classes.field,
    'aria-invalid': !!error || undefined,
    'aria-describedby': ids.error,
    'aria-required': isRequired(q) || undefined,
  };
  return (
    <QuestionFrame q={q}>
      {q.questionType === 'textArea' ? (
        <textarea {...common} rows={3} onChange={(e) => answers.set(q.id, e.currentTarget.value || undefined)} />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={inputMode(q)}
          autoComplete={q.questionType === 'jobAddress' ? 'street-address' : 'off'}
          onChange={(e) => answers.set(q.id, e.currentTarget.value || undefined)}
        />
      )}
    </QuestionFrame>
  );
}
