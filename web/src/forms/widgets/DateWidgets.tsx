import '@mantine/dates/styles.css';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { isRequired, useAnswer, useFiller, useQuestionError } from '../context';
import { useDeferredControl } from './Deferred';
import { QuestionFrame, ReadOnlyValue, useQuestionIds, type WidgetProps } from './QuestionFrame';
import classes from './widgets.module.css';

/** A plain button in the picker's look until the picker is needed (see useDeferredControl). */
function PickerStandIn(props: {
  id: string;
  text: string;
  placeholder: string;
  error: boolean;
  errorId: string;
  required: boolean;
  handlers: object;
}) {
  return (
    <button
      type="button"
      id={props.id}
      className={`${classes.field} ${classes.pickerButton}`}
      aria-haspopup="dialog"
      aria-invalid={props.error || undefined}
      aria-describedby={props.errorId}
      aria-required={props.required || undefined}
      {...props.handlers}
    >
      {props.text || <span className={classes.placeholder}>{props.placeholder}</span>}
    </button>
  );
}

const DATE_FORMAT = 'DD/MM/YYYY';
const DATETIME_FORMAT = 'DD/MM/YYYY hh:mm A';

/** A 'YYYY-MM-DD' answer as DD/MM/YYYY. */
export function formatDateAnswer(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  const d = dayjs(value.slice(0, 10));
  return d.isValid() ? d.format(DATE_FORMAT) : '';
}

/** An ISO datetime answer as DD/MM/YYYY hh:mm A in the viewer's time zone. */
export function formatDatetimeAnswer(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATETIME_FORMAT) : '';
}

/** date: the answer is 'YYYY-MM-DD'. */
export function DateWidget({ q, readOnly }: WidgetProps) {
  const { answers } = useFiller();
  const value = useAnswer(q.id);
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  const deferred = useDeferredControl(ids.input, { clickToOpen: true });
  if (readOnly) return <ReadOnlyValue q={q} text={formatDateAnswer(value)} />;
  const current = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
  if (!deferred.active)
    return (
      <QuestionFrame q={q}>
        <PickerStandIn
          id={ids.input}
          text={formatDateAnswer(value)}
          placeholder={DATE_FORMAT}
          error={!!error}
          errorId={ids.error}
          required={isRequired(q)}
          handlers={deferred.proxyProps}
        />
      </QuestionFrame>
    );
  return (
    <QuestionFrame q={q}>
      <DatePickerInput
        id={ids.input}
        size="md"
        value={current}
        valueFormat={DATE_FORMAT}
        placeholder={DATE_FORMAT}
        clearable
        error={!!error}
        aria-required={isRequired(q) || undefined}
        classNames={{ input: classes.input }}
        onChange={(v) => answers.set(q.id, v ? dayjs(v).format('YYYY-MM-DD') : undefined)}
      />
    </QuestionFrame>
  );
}

/** datetime: the answer is an ISO string (UTC); picked and shown in local time. */
export function DatetimeWidget({ q, readOnly }: WidgetProps) {
  const { answers } = useFiller();
  const value = useAnswer(q.id);
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  const deferred = useDeferredControl(ids.input, { clickToOpen: true });
  if (readOnly) return <ReadOnlyValue q={q} text={formatDatetimeAnswer(value)} />;
  const parsed = typeof value === 'string' && value ? dayjs(value) : null;
  if (!deferred.active)
    return (
      <QuestionFrame q={q}>
        <PickerStandIn
          id={ids.input}
          text={formatDatetimeAnswer(value)}
          placeholder={DATETIME_FORMAT}
          error={!!error}
          errorId={ids.error}
          required={isRequired(q)}
          handlers={deferred.proxyProps}
        />
      </QuestionFrame>
    );
  return (
    <QuestionFrame q={q}>
      <DateTimePicker
        id={ids.input}
        size="md"
        value={parsed?.isValid() ? parsed.format('YYYY-MM-DD HH:mm:ss') : null}
        valueFormat={DATETIME_FORMAT}
        placeholder={DATETIME_FORMAT}
        clearable
        error={!!error}
        aria-required={isRequired(q) || undefined}
        classNames={{ input: classes.input }}
        submitButtonProps={{ 'aria-label': 'Confirm date and time' }}
        onChange={(v) => answers.set(q.id, v ? dayjs(v).toISOString() : undefined)}
      />
    </QuestionFrame>
  );
}
