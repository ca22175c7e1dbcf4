import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  formValidatorMessages,
  numberMessages,
  validateQuestion,
  validatorChoices,
  type QuestionType,
  type QuestionValidator,
} from '@hub/model/forms';
import { memo, useMemo, useState } from 'react';
import { DayInput } from '../../../ui/DayInput';
import { DatetimeField } from './DatetimeField';
import { isNumberText, numberOrText, type EditorChange } from './editor-values';
import classes from './questionEditor.module.css';

type Choice = ReturnType<typeof validatorChoices>[number];

/**
 * Why a custom pattern would fail every answer, or null when the filler can use it. The filler's
 * own check decides (a bare or slash-delimited pattern, validators.ts); the engine's words say why.
 */
export function patternProblem(pattern: unknown): string | null {
  if (typeof pattern !== 'string' || pattern === '') return 'Enter the pattern answers must match';
  const probe = {
    id: 'p',
    title: '',
    questionType: 'text' as const,
    validators: [{ path: 'p', validator: 'custom', additionalData: pattern }],
  };
  const empty = { slides: [], pagination: { type: '' as const }, customOptions: [] };
  if (validateQuestion(probe, empty, { p: 'x' }) !== formValidatorMessages.notImplemented) return null;
  try {
    new RegExp(pattern);
  } catch (e) {
    return `Not a valid regular expression: ${(e as Error).message}`;
  }
  return 'Not a valid regular expression';
}

const NUMBER_SKIPPED = 'Without a number this check is skipped';

interface DataProps {
  questionId: string;
  questionType: QuestionType;
  choice: Choice;
  value: unknown;
  onData: (data: unknown, key?: string) => void;
}

/** The extra value a validator needs: a pattern, a number or a date. */
function ValidatorData({ questionId, questionType, choice, value, onData }: DataProps) {
  const key = `${questionId}.validators.${choice.validator}.additionalData`;
  const text = value === undefined || value === null ? '' : String(value);
  // An empty number box is a hint until the user has left it (a check just added is not an error).
  const [touched, setTouched] = useState(false);
  if (choice.data === 'pattern')
    return (
      <TextInput
        label={`Pattern for ${choice.label}`}
        description="A regular expression, e.g. ^[A-Z]\d+$ or /^a\d+$/i"
        classNames={{ input: classes.input }}
        value={text}
        error={patternProblem(value)}
        onChange={(e) => onData(e.currentTarget.value, key)}
      />
    );
  if (choice.data === 'number')
    return (
      <TextInput
        label={`Number for ${choice.label}`}
        inputMode="decimal"
        classNames={{ input: classes.input }}
        value={text}
        description={text.trim() === '' && !touched ? NUMBER_SKIPPED : undefined}
        error={!isNumberText(text) ? numberMessages.notNumber : text.trim() === '' && touched ? NUMBER_SKIPPED : undefined}
        onBlur={() => setTouched(true)}
        onChange={(e) => {
          const typed = numberOrText(e.currentTarget.value);
          onData(typed === '' ? undefined : typed, key);
        }}
      />
    );
  if (choice.data === 'date') {
    const label = `Date for ${choice.label}`;
    const skipped = text === '' ? 'Without a date this check is skipped' : undefined;
    if (questionType === 'datetime')
      return <DatetimeField label={label} value={text} error={skipped} onChange={(v) => onData(v || undefined)} />;
    return <DayInput label={label} value={text} error={skipped} onChange={(day) => onData(day ?? undefined)} w="100%" />;
  }
  return null;
}

export interface ValidatorsEditorProps {
  questionId: string;
  questionType: QuestionType;
  validators: QuestionValidator[] | undefined;
  onChange: EditorChange;
}

/** The question's validators: only the types its question type takes, each at most once. */
export const ValidatorsEditor = memo(function ValidatorsEditor({ questionId, questionType, validators, onChange }: ValidatorsEditorProps) {
  const list = useMemo(() => validators ?? [], [validators]);
  const choices = useMemo(
    () => validatorChoices({ id: questionId, title: '', questionType, validators: list }),
    [questionId, questionType, list],
  );
  const [picked, setPicked] = useState('');
  const available = choices.filter((c) => !c.used);
  const toAdd = available.some((c) => c.validator === picked) ? picked : (available[0]?.validator ?? '');
  const set = (next: QuestionValidator[], key?: string) => onChange({ validators: next }, key);
  if (choices.length === 0 && list.length === 0) return null;
  return (
    <section className={classes.section} aria-labelledby={`${questionId}-validators`}>
      <h3 id={`${questionId}-validators`} className={classes.heading}>
        Validators
      </h3>
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          No validators: any answer, or none, is accepted.
        </Text>
      )}
      {list.map((v, i) => {
        const choice = choices.find((c) => c.validator === v.validator);
        const label = choice?.label ?? v.validator;
        return (
          <div key={`${v.validator}-${i}`} className={classes.row}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600}>{label}</Text>
              <Button
                variant="subtle"
                color="red"
                className={classes.touch}
                leftSection={<IconTrash size={18} aria-hidden />}
                aria-label={`Remove validator ${label}`}
                onClick={() => set(list.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            </Group>
            {!choice && (
              <Text size="sm" c="red">
                {formValidatorMessages.notImplemented}
              </Text>
            )}
            {choice && (
              <ValidatorData
                questionId={questionId}
                questionType={questionType}
                choice={choice}
                value={v.additionalData}
                onData={(additionalData, key) =>
                  set(
                    list.map((x, j) => (j === i ? { ...x, additionalData } : x)),
                    key,
                  )
                }
              />
            )}
          </div>
        );
      })}
      {choices.length > 0 && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <NativeSelect
            className={classes.grow}
            label="Add a validator"
            classNames={{ input: classes.input }}
            value={toAdd}
            disabled={available.length === 0}
            onChange={(e) => setPicked(e.currentTarget.value)}
          >
            {available.length === 0 && <option value="">Every validator is in use</option>}
            {choices.map((c) => (
              <option key={c.validator} value={c.validator} disabled={c.used}>
                {c.used ? `${c.label} (in use)` : c.label}
              </option>
            ))}
          </NativeSelect>
          <Button
            variant="light"
            className={classes.touch}
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={!toAdd}
            onClick={() => {
              const choice = choices.find((c) => c.validator === toAdd);
              if (!choice || choice.used) return;
              set([
                ...list,
                { path: questionId, validator: choice.validator, ...(choice.data === 'pattern' ? { additionalData: '' } : {}) },
              ]);
              setPicked('');
            }}
          >
            Add
          </Button>
        </Group>
      )}
    </section>
  );
});
