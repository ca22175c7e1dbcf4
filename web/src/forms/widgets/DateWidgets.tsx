import '@mantine/dates/styles.css';
import { Button, Group, Modal, Popover } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DatePicker, DatePickerInput, TimeInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isRequired, useAnswer, useFiller, useQuestionError } from '../context';
import { useDeferredControl } from './Deferred';
import { QuestionFrame, ReadOnlyValue, useQuestionIds, type WidgetProps } from './QuestionFrame';
import classes from './widgets.module.css';

/**
 * A button may not say aria-required: a picker's button says 'Required' in its description
 * instead (the title's mark is hidden from screen readers).
 */
const describedBy = (id: string, errorId: string, required: boolean) => (required ? `${errorId} ${id}-required` : errorId);
function RequiredNote({ id, required }: { id: string; required: boolean }) {
  return required ? (
    <span id={`${id}-required`} hidden>
      Required
    </span>
  ) : null;
}

/**
 * Phones (below Mantine's sm, 48em) get the calendar in a modal: a popover under or over the
 * field has no room there (it flipped above the field, under the sticky top bar, and a tap
 * seemed to open nothing). Read at once (not in an effect): the picker mounts on the tap that opens it.
 */
const SMALL_SCREEN = '(max-width: 47.99em)';
/** The calendars' modal: narrow margins so that seven days fit across a 320 px phone (.day in ui/calendar.module.css). */
const CALENDAR_MODAL = { centered: true, xOffset: 8, padding: 'sm' } as const;
const useSmallScreen = () => useMediaQuery(SMALL_SCREEN, false, { getInitialValueInEffect: false });

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
    <>
      <button
        type="button"
        id={props.id}
        className={`${classes.field} ${classes.pickerButton}`}
        aria-haspopup="dialog"
        aria-invalid={props.error || undefined}
        aria-describedby={describedBy(props.id, props.errorId, props.required)}
        {...props.handlers}
      >
        {props.text || <span className={classes.placeholder}>{props.placeholder}</span>}
      </button>
      <RequiredNote id={props.id} required={props.required} />
    </>
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

/** What both date widgets read: the answer, its error, the field's ids and the deferred picker. */
function useDateQuestion(q: WidgetProps['q']) {
  const { answers } = useFiller();
  const value = useAnswer(q.id);
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  const deferred = useDeferredControl(ids.input, { clickToOpen: true });
  const small = useSmallScreen();
  return { answers, value, error, ids, deferred, small };
}

/** date: the answer is 'YYYY-MM-DD'. */
export function DateWidget({ q, readOnly }: WidgetProps) {
  const { answers, value, error, ids, deferred, small } = useDateQuestion(q);
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
        hideOutsideDates
        highlightToday
        clearable
        clearButtonProps={{ 'aria-label': q.title ? `Clear ${q.title}` : 'Clear' }}
        dropdownType={small ? 'modal' : 'popover'}
        modalProps={{
          ...CALENDAR_MODAL,
          title: q.title || 'Choose a date',
          withCloseButton: true,
          closeButtonProps: { 'aria-label': 'Close' },
        }}
        error={!!error}
        // Mantine's picker button replaces a description passed to it: after each render it gets
        // ours, with 'Required' (aria-required is not allowed on a button).
        ref={(button) => {
          if (!button) return;
          button.setAttribute('aria-describedby', describedBy(ids.input, ids.error, isRequired(q)));
        }}
        classNames={{ input: classes.input }}
        onChange={(v) => answers.set(q.id, v ? dayjs(v).format('YYYY-MM-DD') : undefined)}
      />
      <RequiredNote id={ids.input} required={isRequired(q)} />
    </QuestionFrame>
  );
}

/** The current minute as a datetime answer. */
const nowAnswer = () => dayjs().second(0).millisecond(0).toISOString();

/**
 * datetime: the answer is an ISO string (UTC); picked and shown in local time as
 * DD/MM/YYYY hh:mm A. 'Now' beside the field answers with the current minute in one tap.
 * The picker is a calendar plus the browser's own time field (<input type="time">): typing
 * '1430' or using the phone's time wheel both give 14:30 (Mantine's TimePicker lost the
 * first digit typed when the value round-tripped through a controlled DateTimePicker).
 */
export function DatetimeWidget({ q, readOnly }: WidgetProps) {
  const { answers, value, error, ids, deferred, small } = useDateQuestion(q);
  if (readOnly) return <ReadOnlyValue q={q} text={formatDatetimeAnswer(value)} />;
  const text = formatDatetimeAnswer(value);
  const standIn = {
    id: ids.input,
    text,
    placeholder: DATETIME_FORMAT,
    error: !!error,
    errorId: ids.error,
    required: isRequired(q),
  };
  return (
    <QuestionFrame q={q}>
      <div className={classes.pickerRow}>
        <div className={classes.pickerGrow}>
          {deferred.active ? (
            <DatetimePopover {...standIn} small={small} value={value} onChange={(v) => answers.set(q.id, v)} />
          ) : (
            <PickerStandIn {...standIn} handlers={deferred.proxyProps} />
          )}
        </div>
        <Button
          variant="default"
          mih={44}
          px="md"
          onClick={() => answers.set(q.id, nowAnswer())}
          aria-label={q.title ? `Now (${q.title})` : 'Now'}
        >
          Now
        </Button>
      </div>
    </QuestionFrame>
  );
}

/** The datetime field's button and its dropdown (a modal on a phone): calendar, time field, Now, Clear and Done. Changes apply at once. */
function DatetimePopover(props: {
  id: string;
  /** A phone: the picker in a modal. */
  small: boolean;
  text: string;
  placeholder: string;
  error: boolean;
  errorId: string;
  required: boolean;
  value: unknown;
  onChange(value: string | undefined): void;
}) {
  const [opened, setOpened] = useState(false);
  const parsed = typeof props.value === 'string' && props.value ? dayjs(props.value) : null;
  const valid = parsed?.isValid() ? parsed : null;
  const [date, setDate] = useState<string | null>(valid ? valid.format('YYYY-MM-DD') : null);
  const [time, setTime] = useState(valid ? valid.format('HH:mm') : '');

  const open = () => {
    // Start from the answer as it is now ('Now' may have changed it since).
    setDate(valid ? valid.format('YYYY-MM-DD') : null);
    setTime(valid ? valid.format('HH:mm') : '');
    setOpened(true);
  };
  const commit = (d: string | null, t: string) => {
    if (!d) return;
    const at = dayjs(`${d} ${/^\d{2}:\d{2}$/.test(t) ? t : '00:00'}`);
    if (at.isValid()) props.onChange(at.toISOString());
  };
  const pickDate = (d: string | null) => {
    setDate(d);
    commit(d, time);
  };
  const typeTime = (t: string) => {
    setTime(t);
    // The browser gives '' while the time is half typed: keep the answer until it is whole.
    if (!/^\d{2}:\d{2}$/.test(t)) return;
    // A time before any date means today.
    const d = date ?? dayjs().format('YYYY-MM-DD');
    setDate(d);
    commit(d, t);
  };
  const now = () => {
    const n = dayjs();
    setDate(n.format('YYYY-MM-DD'));
    setTime(n.format('HH:mm'));
    props.onChange(nowAnswer());
  };

  const button = (
    <button
      type="button"
      id={props.id}
      className={`${classes.field} ${classes.pickerButton}`}
      aria-haspopup="dialog"
      aria-expanded={opened}
      aria-controls={opened && !props.small ? `${props.id}-picker` : undefined}
      aria-invalid={props.error || undefined}
      aria-describedby={describedBy(props.id, props.errorId, props.required)}
      onClick={() => (opened ? setOpened(false) : open())}
    >
      {props.text || <span className={classes.placeholder}>{props.placeholder}</span>}
    </button>
  );
  const picker = (
    <>
      <DatePicker value={date} defaultDate={date ?? undefined} onChange={pickDate} size="md" hideOutsideDates highlightToday />
      <Group mt="sm" gap="xs" align="flex-end" wrap="nowrap">
        <TimeInput
          label="Time"
          size="md"
          value={time}
          onChange={(e) => typeTime(e.currentTarget.value)}
          style={{ flex: 1 }}
          classNames={{ input: classes.input }}
        />
        <Button variant="default" mih={44} onClick={now}>
          Now
        </Button>
      </Group>
      <Group mt="sm" justify="space-between">
        <Button
          variant="subtle"
          mih={44}
          disabled={!props.value}
          onClick={() => {
            setDate(null);
            setTime('');
            props.onChange(undefined);
          }}
        >
          Clear
        </Button>
        <Button mih={44} onClick={() => setOpened(false)}>
          Done
        </Button>
      </Group>
    </>
  );

  // A phone: the same picker in a modal (see SMALL_SCREEN).
  if (props.small)
    return (
      <>
        {button}
        <Modal
          opened={opened}
          onClose={() => setOpened(false)}
          title="Choose date and time"
          {...CALENDAR_MODAL}
          size="auto"
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          {picker}
        </Modal>
        <RequiredNote id={props.id} required={props.required} />
      </>
    );
  return (
    <>
      <Popover
        opened={opened}
        onChange={(o) => (o ? open() : setOpened(false))}
        position="bottom-start"
        shadow="md"
        trapFocus
        returnFocus
        // Roles by hand: Popover.Target would replace the button's id, which the question's label points at.
        withRoles={false}
        middlewares={{ flip: true, shift: true }}
      >
        <Popover.Target>{button}</Popover.Target>
        <Popover.Dropdown id={`${props.id}-picker`} role="dialog" aria-label="Choose date and time" tabIndex={-1} p="sm">
          {picker}
        </Popover.Dropdown>
      </Popover>
      <RequiredNote id={props.id} required={props.required} />
    </>
  );
}
