import { MultiSelect, Select } from '@mantine/core';
import type { Question } from '@hub/model/forms';
import { IconChevronDown } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { isRequired, useAnswer, useFiller, useQuestionError } from '../context';
import { useDeferredControl } from './Deferred';
import { QuestionFrame, ReadOnlyValue, useQuestionIds, type WidgetProps } from './QuestionFrame';
import classes from './widgets.module.css';

/** The option values of a question, once each (Mantine rejects duplicates). */
function optionValues(q: Question): string[] {
  return [...new Set((q.options ?? []).map((o) => o.value))];
}

const asText = (v: unknown) => (v == null ? '' : String(v));
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null || v === '' ? [] : [String(v)]);

/** radiobutton: the answer is the chosen option's value. className 'horizontal' lays options in a row. */
export function RadioWidget({ q, readOnly }: WidgetProps) {
  const { answers } = useFiller();
  const value = useAnswer(q.id);
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  if (readOnly) return <ReadOnlyValue q={q} text={asText(value)} />;
  return (
    <QuestionFrame q={q} group>
      <div
        className={q.className === 'horizontal' ? classes.choicesRow : classes.choicesColumn}
        role="radiogroup"
        aria-labelledby={ids.title}
        aria-invalid={!!error || undefined}
        aria-required={isRequired(q) || undefined}
      >
        {(q.options ?? []).map((o, i) => (
          <label key={o.id} className={classes.choice}>
            <input
              type="radio"
              className={classes.mark}
              id={i === 0 ? ids.input : undefined}
              name={ids.input}
              value={o.value}
              checked={value === o.value}
              onChange={() => answers.set(q.id, o.value)}
            />
            <span>{o.value}</span>
          </label>
        ))}
      </div>
    </QuestionFrame>
  );
}

/** list: a native drop-down (light, and the phone's own picker); the answer is the option's value. */
export function ListWidget({ q, readOnly }: WidgetProps) {
  const { answers } = useFiller();
  const value = useAnswer(q.id);
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  const values = useMemo(() => optionValues(q), [q]);
  if (readOnly) return <ReadOnlyValue q={q} text={asText(value)} />;
  return (
    <QuestionFrame q={q}>
      <div className={classes.selectWrap}>
        <select
          id={ids.input}
          className={`${classes.field} ${classes.select}`}
          value={asText(value)}
          aria-invalid={!!error || undefined}
          aria-describedby={ids.error}
          aria-required={isRequired(q) || undefined}
          onChange={(e) => answers.set(q.id, e.currentTarget.value || undefined)}
        >
          <option value="">Select an option</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
        <IconChevronDown size={16} className={classes.chevron} aria-hidden />
      </div>
    </QuestionFrame>
  );
}

/** combobox: a searchable select; the answer is the option's value. */
export function ComboboxWidget({ q, readOnly }: WidgetProps) {
  const { answers } = useFiller();
  const value = useAnswer(q.id);
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  const data = useMemo(() => optionValues(q), [q]);
  const deferred = useDeferredControl(ids.input);
  if (readOnly) return <ReadOnlyValue q={q} text={asText(value)} />;
  return (
    <QuestionFrame q={q}>
      {deferred.active ? (
        <Select
          id={ids.input}
          size="md"
          data={data}
          value={value == null ? null : String(value)}
          searchable
          clearable
          defaultDropdownOpened={deferred.openOnMount}
          nothingFoundMessage="Nothing found"
          placeholder="Search or choose"
          error={!!error}
          aria-required={isRequired(q) || undefined}
          classNames={{ input: classes.input }}
          onChange={(v) => answers.set(q.id, v ?? undefined)}
        />
      ) : (
        <div className={classes.selectWrap}>
          <input
            id={ids.input}
            className={classes.field}
            role="combobox"
            aria-expanded={false}
            aria-haspopup="listbox"
            aria-invalid={!!error || undefined}
            aria-describedby={ids.error}
            aria-required={isRequired(q) || undefined}
            readOnly
            value={asText(value)}
            placeholder="Search or choose"
            {...deferred.proxyProps}
          />
          <IconChevronDown size={16} className={classes.chevron} aria-hidden />
        </div>
      )}
    </QuestionFrame>
  );
}

interface MultiProps extends WidgetProps {
  data: { value: string; label: string }[];
  /** Close the list once something is chosen (the user picker: one colleague at a time). */
  closeOnChoice?: boolean;
}

function MultiWidget({ q, readOnly, data, closeOnChoice }: MultiProps) {
  const { answers } = useFiller();
  const value = asList(useAnswer(q.id));
  const error = useQuestionError(q.id);
  const ids = useQuestionIds(q);
  const deferred = useDeferredControl(ids.input);
  const labelOf = (v: string) => data.find((d) => d.value === v)?.label ?? v;
  if (readOnly) return <ReadOnlyValue q={q} text={value.map(labelOf).join(', ')} />;
  if (!deferred.active)
    return (
      <QuestionFrame q={q}>
        <div
          className={`${classes.field} ${classes.pills}`}
          onPointerDown={deferred.proxyProps.onPointerDown}
          aria-invalid={!!error || undefined}
        >
          {value.map((v) => (
            <span key={v} className={classes.pill}>
              {labelOf(v)}
            </span>
          ))}
          <input
            id={ids.input}
            className={classes.pillsInput}
            role="combobox"
            aria-expanded={false}
            aria-haspopup="listbox"
            aria-describedby={ids.error}
            aria-required={isRequired(q) || undefined}
            readOnly
            placeholder={value.length ? undefined : 'Search or choose'}
            {...deferred.proxyProps}
          />
        </div>
      </QuestionFrame>
    );
  // Keep chosen values that are no longer offered so they stay visible and removable.
  const missing = value.filter((v) => !data.some((d) => d.value === v));
  const all = missing.length ? [...data, ...missing.map((v) => ({ value: v, label: v }))] : data;
  return (
    <QuestionFrame q={q}>
      <MultiPicker
        id={ids.input}
        data={all}
        value={value}
        openOnMount={deferred.openOnMount}
        closeOnChoice={!!closeOnChoice}
        placeholder={value.length ? undefined : 'Search or choose'}
        error={!!error}
        required={isRequired(q)}
        onChange={(v) => answers.set(q.id, v.length ? v : undefined)}
      />
    </QuestionFrame>
  );
}

/** The real multi select, mounted once the user reaches for it; its list open or closed as the user and `closeOnChoice` say. */
function MultiPicker(props: {
  id: string;
  data: { value: string; label: string }[];
  value: string[];
  openOnMount: boolean;
  closeOnChoice: boolean;
  placeholder: string | undefined;
  error: boolean;
  required: boolean;
  onChange(value: string[]): void;
}) {
  const [opened, setOpened] = useState(props.openOnMount);
  return (
    <MultiSelect
      id={props.id}
      size="md"
      data={props.data}
      value={props.value}
      searchable
      clearable
      hidePickedOptions
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onOptionSubmit={() => {
        if (props.closeOnChoice) setOpened(false);
      }}
      nothingFoundMessage="Nothing found"
      placeholder={props.placeholder}
      error={props.error}
      aria-required={props.required || undefined}
      classNames={{ input: classes.input }}
      onChange={props.onChange}
    />
  );
}

/** multicombobox: a searchable multi select; the answer is the chosen values (string[]). */
export function MultiComboboxWidget(props: WidgetProps) {
  const data = useMemo(() => optionValues(props.q).map((v) => ({ value: v, label: v })), [props.q]);
  return <MultiWidget {...props} data={data} />;
}

/** selectUserProfile: a multi select of the caller's users; the answer is their account ids. */
export function SelectUserWidget(props: WidgetProps) {
  const { users } = useFiller();
  const data = useMemo(() => {
    const seen = new Set<string>();
    return users.filter((u) => !seen.has(u.id) && seen.add(u.id)).map((u) => ({ value: u.id, label: u.name }));
  }, [users]);
  return <MultiWidget {...props} data={data} closeOnChoice />;
}
