import { Button, Checkbox, NativeSelect, Text, Textarea, TextInput } from '@mantine/core';
import { NO_RAISING_TYPES, QUESTION_TYPE_NAMES, canRaiseOnNo, takesPhotos, type Question, type QuestionType } from '@hub/model/forms';
import { memo, type JSX } from 'react';
import { ConditionsEditor, type TargetInfo } from './ConditionsEditor';
import type { EditorChange } from './editor-values';
import { OptionsEditor } from './OptionsEditor';
import { ValidatorsEditor } from './ValidatorsEditor';
import classes from './questionEditor.module.css';

export interface QuestionEditorProps {
  /** The question being edited, or undefined when it is no longer in the form. */
  question: Question | undefined;
  questionId: string;
  /** The questions its show conditions may compare (ConditionsEditor's targetsSignature). */
  targets: TargetInfo[];
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

/** A text property of the question; re-renders only when its own value changes, not on typing elsewhere. */
const TextField = memo(function TextField({
  label,
  field,
  value,
  questionId,
  onChange,
}: {
  label: string;
  field: 'title' | 'toolTip' | 'className';
  value: string;
  questionId: string;
  onChange: EditorChange;
}) {
  return (
    <TextInput
      label={label}
      classNames={{ input: classes.input }}
      value={value}
      onChange={(e) => onChange({ [field]: e.currentTarget.value }, `${questionId}.${field}`)}
    />
  );
});

const ContentField = memo(function ContentField({
  value,
  questionId,
  onChange,
}: {
  value: string;
  questionId: string;
  onChange: EditorChange;
}) {
  return (
    <Textarea
      label="Content"
      rows={5}
      resize="vertical"
      value={value}
      onChange={(e) => onChange({ content: e.currentTarget.value }, `${questionId}.content`)}
    />
  );
});

const ClassField = memo(function ClassField({
  questionId,
  questionType,
  current,
  onChange,
}: {
  questionId: string;
  questionType: QuestionType;
  current: string;
  onChange: EditorChange;
}) {
  if (questionType === 'number')
    return (
      <Checkbox
        className={classes.check}
        label="Whole numbers only"
        checked={WHOLE_NUMBER_CLASSES.includes(current)}
        onChange={(e) => onChange({ className: e.currentTarget.checked ? 'integer' : '' })}
      />
    );
  const choices = classChoices(questionType);
  if (!choices) return <TextField label="Class" field="className" value={current} questionId={questionId} onChange={onChange} />;
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
});

/**
 * The designer's edit-question panel: every property of one question. Each part is memoised on
 * its own props (onChange must keep its identity), so a keystroke in the title re-renders the
 * title and this frame, not the selects of the validators and conditions.
 */
export function QuestionEditor({ question: q, questionId, targets, onChange, onClose }: QuestionEditorProps): JSX.Element {
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
      <TextField label="Title" field="title" value={q.title} questionId={questionId} onChange={onChange} />
      <TextField label="Tooltip" field="toolTip" value={q.toolTip ?? ''} questionId={questionId} onChange={onChange} />
      <ClassField questionId={questionId} questionType={q.questionType} current={q.className ?? ''} onChange={onChange} />
      {q.questionType === 'statement' && <ContentField value={q.content ?? ''} questionId={questionId} onChange={onChange} />}
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
      {NO_RAISING_TYPES.includes(q.questionType) && (
        // Issue 15: a 'No' raises a corrective action in the filler (a risk matrix's High score always may).
        <Checkbox
          className={classes.check}
          label="Raise a corrective action on No"
          description={
            canRaiseOnNo(q)
              ? 'Members answering No are offered to raise a corrective action, with an assignee and a due date'
              : "Add an option 'No' to use this"
          }
          disabled={!canRaiseOnNo(q) && !q.raisesAction}
          checked={!!q.raisesAction}
          onChange={(e) => onChange({ raisesAction: e.currentTarget.checked ? true : undefined })}
        />
      )}
      {takesPhotos(q) && (
        // Issue 15: every answered question offers 'Add photo'; this shows a photo section instead.
        <Checkbox
          className={classes.check}
          label="Ask for photo evidence"
          description="Shows Take photo and Choose from gallery under the question (members can add photos to any question)"
          checked={!!q.photos}
          onChange={(e) => onChange({ photos: e.currentTarget.checked ? true : undefined })}
        />
      )}
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
