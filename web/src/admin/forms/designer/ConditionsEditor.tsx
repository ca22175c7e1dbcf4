import { Button, Checkbox, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  allQuestions,
  conditionTargets,
  numberMessages,
  type ConditionOperator,
  type FormDefinition,
  type Question,
  type QuestionType,
  type ShowCondition,
} from '@hub/model/forms';
import { memo, useMemo } from 'react';
import { DayInput } from '../../../ui/DayInput';
import { DatetimeField } from './DatetimeField';
import { isNumberText, numberOrText, type EditorChange } from './editor-values';
import classes from './questionEditor.module.css';

/** A question a condition may compare, with the option values its answer is one of. */
export interface TargetInfo {
  id: string;
  title: string;
  questionType: QuestionType;
  operators: ConditionOperator[];
  options: string[];
}

/** Signatures already worked out, per definition (the store keeps each edit's definition as a new object). */
const signatures = new WeakMap<FormDefinition, Map<string, string>>();

/**
 * The condition targets of a question as JSON: the same text while nothing a condition row shows
 * has changed (typing a tooltip, or the question's own title, leaves it as it was), so a
 * component reading it through the store (useDesigner) re-renders only when the targets change.
 * Worked out once per definition and question.
 */
export function targetsSignature(definition: FormDefinition, questionId: string): string {
  let known = signatures.get(definition);
  if (!known) signatures.set(definition, (known = new Map()));
  let signature = known.get(questionId);
  if (signature === undefined) {
    const byId = new Map(allQuestions(definition).map((q) => [q.id, q]));
    const targets: TargetInfo[] = conditionTargets(definition, questionId).map((t) => ({
      id: t.id,
      title: t.title,
      questionType: t.questionType,
      operators: t.operators,
      options: optionValues(byId.get(t.id)),
    }));
    signature = JSON.stringify(targets);
    known.set(questionId, signature);
  }
  return signature;
}

/** The targets a signature stands for: the same array for the same signature. */
export function useTargets(signature: string): TargetInfo[] {
  return useMemo(() => JSON.parse(signature) as TargetInfo[], [signature]);
}

/** The condition targets of a question in a definition (a definition held outside the designer's store). */
export function useConditionTargets(definition: FormDefinition, questionId: string): TargetInfo[] {
  return useTargets(targetsSignature(definition, questionId));
}

const optionValues = (q: Question | undefined): string[] => [...new Set((q?.options ?? []).map((o) => o.value))];

const OPERATOR_WORDS: Record<ConditionOperator, string> = {
  equal: 'equals',
  notEqual: 'does not equal',
  contains: 'contains',
  greaterThan: 'is greater than',
  greaterThanOrEqual: 'is greater than or equal to',
  lessThan: 'is less than',
  lessThanOrEqual: 'is less than or equal to',
};

/** Dates compare by time, so their operators read as before and after. */
const DATE_WORDS: Partial<Record<ConditionOperator, string>> = {
  equal: 'is on',
  notEqual: 'is not on',
  greaterThan: 'is after',
  greaterThanOrEqual: 'is on or after',
  lessThan: 'is before',
  lessThanOrEqual: 'is on or before',
};

/** The operator in words, as the designer offers it for a target of this type. */
export function operatorWord(type: QuestionType | undefined, op: ConditionOperator): string {
  const dated = type === 'date' || type === 'datetime';
  return (dated && DATE_WORDS[op]) || (type === 'multicombobox' && op === 'contains' ? 'includes any of' : OPERATOR_WORDS[op]);
}

/** How a condition value on a target is entered (the filler's answer shape, conditions.ts). */
type ValueKind = 'boolean' | 'option' | 'options' | 'number' | 'date' | 'datetime' | 'text';

function valueKind(type: QuestionType): ValueKind {
  switch (type) {
    case 'checkbox':
    case 'canvasDraw':
      return 'boolean';
    case 'radiobutton':
    case 'list':
    case 'combobox':
      return 'option';
    case 'multicombobox':
      return 'options';
    case 'number':
    case 'riskMatrix':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'text';
  }
}

function defaultValue(t: TargetInfo): unknown {
  const kind = valueKind(t.questionType);
  if (kind === 'boolean') return true;
  if (kind === 'option') return t.options[0] ?? '';
  if (kind === 'options') return [];
  return '';
}

/** Whether a value entered for one target still means something for another. */
function valueFits(value: unknown, from: TargetInfo | undefined, to: TargetInfo): boolean {
  const kind = valueKind(to.questionType);
  if (!from || valueKind(from.questionType) !== kind) return false;
  if (kind === 'option') return typeof value === 'string' && to.options.includes(value);
  if (kind === 'options') return Array.isArray(value) && value.every((v) => to.options.includes(String(v)));
  return true;
}

/** The condition moved to another target: an operator or value that target does not take is reset. */
export function retarget(cond: ShowCondition, from: TargetInfo | undefined, to: TargetInfo): ShowCondition {
  return {
    ...cond,
    path: to.id,
    condition: to.operators.includes(cond.condition) ? cond.condition : to.operators[0],
    value: valueFits(cond.value, from, to) ? cond.value : defaultValue(to),
  };
}

const single = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const asText = (v: unknown): string => (v === undefined || v === null ? '' : String(single(v)));

interface ValueProps {
  target: TargetInfo;
  value: unknown;
  label: string;
  onValue: (value: unknown, key?: string) => void;
  valueKey: string;
}

/** The value input matching the target's answer: its options, ticked or not, a number, a day... */
function ConditionValue({ target, value, label, onValue, valueKey }: ValueProps) {
  const kind = valueKind(target.questionType);
  if (kind === 'boolean') {
    const words = target.questionType === 'canvasDraw' ? ['Drawn', 'Not drawn'] : ['Ticked', 'Not ticked'];
    const current = String(single(value)).toLowerCase() === 'false' ? 'false' : 'true';
    return (
      <NativeSelect
        label={label}
        classNames={{ input: classes.input }}
        value={current}
        data={[
          { value: 'true', label: words[0] },
          { value: 'false', label: words[1] },
        ]}
        onChange={(e) => onValue(e.currentTarget.value === 'true')}
      />
    );
  }
  if (kind === 'option') {
    const current = asText(value);
    const stale = current !== '' && !target.options.includes(current);
    return (
      <NativeSelect
        label={label}
        classNames={{ input: classes.input }}
        value={current}
        error={stale ? 'No longer one of the options' : undefined}
        data={[
          { value: '', label: 'Select an option' },
          ...(stale ? [{ value: current, label: current }] : []),
          ...target.options.map((o) => ({ value: o, label: o })),
        ]}
        onChange={(e) => onValue(e.currentTarget.value)}
      />
    );
  }
  if (kind === 'options') {
    const chosen = (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]).map(String);
    const all = [...target.options, ...chosen.filter((c) => !target.options.includes(c))];
    return (
      <Checkbox.Group label={label} value={chosen} onChange={(v) => onValue(all.filter((o) => v.includes(o)))}>
        <div className={classes.checks}>
          {all.map((o) => (
            <Checkbox key={o} value={o} label={o} className={classes.check} />
          ))}
          {all.length === 0 && <Text size="sm">The question has no options yet.</Text>}
        </div>
      </Checkbox.Group>
    );
  }
  if (kind === 'date') return <DayInput label={label} value={asText(value)} onChange={(day) => onValue(day ?? '')} w="100%" />;
  if (kind === 'datetime') return <DatetimeField label={label} value={asText(value)} onChange={(v) => onValue(v)} />;
  const text = asText(value);
  const notNumber = kind === 'number' && !isNumberText(text);
  return (
    <TextInput
      label={target.questionType === 'riskMatrix' ? `${label} (risk score)` : label}
      inputMode={kind === 'number' ? 'decimal' : undefined}
      classNames={{ input: classes.input }}
      value={text}
      error={notNumber ? numberMessages.notNumber : undefined}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        onValue(kind === 'number' ? numberOrText(typed) : typed, valueKey);
      }}
    />
  );
}

interface RowProps {
  index: number;
  cond: ShowCondition;
  targets: TargetInfo[];
  questionId: string;
  onRow: (index: number, next: ShowCondition, key?: string) => void;
  onRemove: (index: number) => void;
}

function ConditionRow({ index, cond, targets, questionId, onRow, onRemove }: RowProps) {
  const target = targets.find((t) => t.id === cond.path);
  const n = index + 1;
  // Titles may repeat; the question's place in the list tells them apart.
  const titleCounts = new Map<string, number>();
  for (const t of targets) titleCounts.set(t.title, (titleCounts.get(t.title) ?? 0) + 1);
  const targetData = targets.map((t, i) => ({
    value: t.id,
    label: (t.title || '(untitled)') + ((titleCounts.get(t.title) ?? 0) > 1 ? ` (question ${i + 1})` : ''),
  }));
  const operators = target ? target.operators : [cond.condition];
  return (
    <fieldset className={classes.row}>
      <legend className={classes.rowLegend}>Condition {n}</legend>
      <NativeSelect
        label="Question"
        classNames={{ input: classes.input }}
        value={target ? cond.path : ''}
        error={target ? undefined : 'This question is missing or cannot be compared'}
        data={target ? targetData : [{ value: '', label: 'Choose a question' }, ...targetData]}
        onChange={(e) => {
          const to = targets.find((t) => t.id === e.currentTarget.value);
          if (to) onRow(index, retarget(cond, target, to));
        }}
      />
      <NativeSelect
        label="Operator"
        classNames={{ input: classes.input }}
        value={cond.condition}
        data={operators.map((op) => ({ value: op, label: operatorWord(target?.questionType, op) }))}
        onChange={(e) => onRow(index, { ...cond, condition: e.currentTarget.value as ConditionOperator })}
      />
      {target && (
        <ConditionValue
          target={target}
          value={cond.value}
          label="Value"
          valueKey={`${questionId}.showConditions.${index}.value`}
          onValue={(value, key) => onRow(index, { ...cond, value }, key)}
        />
      )}
      <Button
        variant="subtle"
        color="red"
        className={classes.touch}
        leftSection={<IconTrash size={18} aria-hidden />}
        aria-label={`Remove condition ${n}`}
        onClick={() => onRemove(index)}
      >
        Remove
      </Button>
    </fieldset>
  );
}

export interface ConditionsEditorProps {
  questionId: string;
  conditions: ShowCondition[] | undefined;
  targets: TargetInfo[];
  onChange: EditorChange;
}

/** The question's show conditions: every one must hold for the question to show. */
export const ConditionsEditor = memo(function ConditionsEditor({ questionId, conditions, targets, onChange }: ConditionsEditorProps) {
  const list = conditions ?? [];
  const set = (next: ShowCondition[], key?: string) => onChange({ showConditions: next }, key);
  const first = targets[0];
  return (
    <section className={classes.section} aria-labelledby={`${questionId}-conditions`}>
      <h3 id={`${questionId}-conditions`} className={classes.heading}>
        Show conditions
      </h3>
      <Text size="sm" c="dimmed">
        Shown only when all conditions hold
      </Text>
      {list.map((cond, i) => (
        <ConditionRow
          key={i}
          index={i}
          cond={cond}
          targets={targets}
          questionId={questionId}
          onRow={(index, next, key) =>
            set(
              list.map((c, j) => (j === index ? next : c)),
              key,
            )
          }
          onRemove={(index) => set(list.filter((_, j) => j !== index))}
        />
      ))}
      {first ? (
        <Button
          variant="light"
          className={classes.touch}
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => set([...list, { path: first.id, condition: first.operators[0], value: defaultValue(first) }])}
        >
          Add condition
        </Button>
      ) : (
        <Text size="sm">No other question can be compared yet.</Text>
      )}
    </section>
  );
});
