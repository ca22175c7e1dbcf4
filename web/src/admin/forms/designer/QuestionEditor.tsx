import { Button, Checkbox, NativeSelect, Text, Textarea, TextInput } from '@mantine/core';
import { allQuestions, QUESTION_TYPE_NAMES, type FormDefinition, type Question, type QuestionType } from '@hub/model/forms';
import { useMemo, type JSX } from 'react';
import { ConditionsEditor, useConditionTargets } from './ConditionsEditor';
import type { EditorChange } from './editor-values';
import { OptionsEditor } from './OptionsEditor';
import { ValidatorsEditor } from './ValidatorsEditor';
import classes from './questionEditor.module.css';

export interface QuestionEditorProps {
  definition: FormDefinition;
  questionId: string;
  /** A patch of the question; `key` (e.g. `${questionId}.title`) lets typing coalesce into one undo step. */
  onChange: EditorChange;
  onClose: () => void;
}

const WITH_OPTIONS: ReadonlySet<QuestionType> = new Set(['radiobutton', 'list', 'combobox', 'multicombobox']);
/** The number filler's className words for whole numbers (NumberWidget); 'integer' is written. */
const WHOLE_NUMBER_CLASSES = ['integer', 'wholeNumber', 'whole'];

/** The className choices the filler understands for a type, or null for free text. */
function classChoices(type: QuestionType): { label: string; values: { value: string; label: string }[] } | null {
  if (type === 'radiobutton')
    return {
      label: 'Layout',
      values: [
        { value: 'vertical', label: 'Vertical' },
        { value: 'horizontal', label: 'Horizontal' },
      ],
    };
  if (type === 'statement')
    return {
      label: 'Style',
      values: [
        { value: 'Light', label: 'Light' },
        { value: 'Important', label: 'Important' },
      ],
    };
  return null;
}

function ClassField({ q, onChange }: { q: Question; onChange: EditorChange }) {
  const current = q.className ?? '';
  if (q.questionType === 'number')
    return (
      <Checkbox
        className={classes.check}
        label="Whole numbers only"
        checked={WHOLE_NUMBER_CLASSES.includes(current)}
        onChange={(e) => onChange({ className: e.currentTarget.checked ? 'integer' : '' })}
      />
    );
  const choices = classChoices(q.questionType);
  if (!choices)
    return (
      <TextInput
        label="Class"
        classNames={{ input: classes.input }}
        value={current}
        onChange={(e) => onChange({ className: e.currentTarget.value }, `${q.id}.className`)}
      />
    );
  // The filler's default (vertical, Light) stands for an empty or unknown class, which is kept until changed.
  const known = choices.values.some((c) => c.value === current);
  const data = known || current === '' ? choices.values : [...choices.values, { value: current, label: current }];
  return (
    <NativeSelect
      label={choices.label}
      classNames={{ input: classes.input }}
      value={current === '' ? choices.values[0].value : current}
      data={data}
      onChange={(e) => onChange({ className: e.currentTarget.value })}
    />
  );
}

/** The designer's edit-question panel: every property of one question. */
export function QuestionEditor({ definition, questionId, onChange, onClose }: QuestionEditorProps): JSX.Element {
  const q = useMemo(() => allQuestions(definition).find((x) => x.id === questionId), [definition, questionId]);
  const targets = useConditionTargets(definition, questionId);
  if (!q)
    return (
      <div className={classes.editor}>
        <Text>This question is no longer in the form.</Text>
        <Button variant="default" className={classes.touch} onClick={onClose}>
          Close
        </Button>
      </div>
    );
  const typeName = QUESTION_TYPE_NAMES[q.questionType] ?? q.questionType;
  const answered = q.questionType !== 'statement' && q.questionType !== 'formSection';
  return (
    <div className={classes.editor} aria-label={`Edit question: ${typeName}`} role="region">
      <div className={classes.header}>
        <h2 className={classes.title}>{typeName}</h2>
        <Button variant="default" className={classes.touch} onClick={onClose}>
          Close
        </Button>
      </div>
      <TextInput
        label="Title"
        classNames={{ input: classes.input }}
        value={q.title}
        onChange={(e) => onChange({ title: e.currentTarget.value }, `${questionId}.title`)}
      />
      <TextInput
        label="Tooltip"
        classNames={{ input: classes.input }}
        value={q.toolTip ?? ''}
        onChange={(e) => onChange({ toolTip: e.currentTarget.value }, `${questionId}.toolTip`)}
      />
      <ClassField q={q} onChange={onChange} />
      {q.questionType === 'statement' && (
        <Textarea
          label="Content"
          rows={5}
          resize="vertical"
          value={q.content ?? ''}
          onChange={(e) => onChange({ content: e.currentTarget.value }, `${questionId}.content`)}
        />
      )}
      {q.notAfterChange !== undefined && (
        // The filler does not read this flag; it is offered where a stored question has it, so it can be cleared.
        <Checkbox
          className={classes.check}
          label="Not after change"
          description="Kept from older forms; the form filler does not use it"
          checked={q.notAfterChange}
          onChange={(e) => onChange({ notAfterChange: e.currentTarget.checked })}
        />
      )}
      {WITH_OPTIONS.has(q.questionType) && <OptionsEditor questionId={questionId} options={q.options} onChange={onChange} />}
      {q.questionType === 'formSection' && (
        <section className={classes.section} aria-labelledby={`${questionId}-contents`}>
          <h3 id={`${questionId}-contents`} className={classes.heading}>
            Questions in this section
          </h3>
          <Text>
            {q.contents?.length ?? 0} {(q.contents?.length ?? 0) === 1 ? 'question' : 'questions'}
          </Text>
          <Text size="sm" c="dimmed">
            Add, move and edit the section&apos;s questions in the slide list; a hidden section hides them all.
          </Text>
        </section>
      )}
      {answered && <ValidatorsEditor questionId={questionId} questionType={q.questionType} validators={q.validators} onChange={onChange} />}
      <ConditionsEditor questionId={questionId} conditions={q.showConditions} targets={targets} onChange={onChange} />
    </div>
  );
}
