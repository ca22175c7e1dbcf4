import { takesPhotos, type Question, type QuestionType } from '@hub/model/forms';
import { memo, type ComponentType } from 'react';
import { ActionPanel, mayRaiseAction } from './ActionPanel';
import { useVisible } from './context';
import { PhotoSection } from './photos/PhotoSection';
import { CanvasDrawWidget } from './widgets/CanvasDrawWidget';
import { CheckboxWidget } from './widgets/CheckboxWidget';
import { ComboboxWidget, ListWidget, MultiComboboxWidget, RadioWidget, SelectUserWidget } from './widgets/ChoiceWidgets';
import { DatetimeWidget, DateWidget } from './widgets/DateWidgets';
import { NumberWidget } from './widgets/NumberWidget';
import { InfoTip, type WidgetProps } from './widgets/QuestionFrame';
import { RiskMatrixWidget } from './widgets/RiskMatrixWidget';
import { StatementWidget } from './widgets/StatementWidget';
import { TextWidget } from './widgets/TextWidget';
import classes from './widgets/widgets.module.css';

/** formSection: a fieldset of its own questions. */
function FormSectionWidget({ q, readOnly }: WidgetProps) {
  return (
    <fieldset className={classes.section} data-question-id={q.id}>
      <legend className={classes.sectionLegend}>
        {q.title}
        {q.toolTip && <InfoTip text={q.toolTip} />}
      </legend>
      <QuestionList questions={q.contents ?? []} readOnly={readOnly} />
    </fieldset>
  );
}

/** One widget per question type: the unit of extension of the filler. */
export const WIDGETS: Record<QuestionType, ComponentType<WidgetProps>> = {
  text: TextWidget,
  textArea: TextWidget,
  jobNumber: TextWidget,
  jobAddress: TextWidget,
  number: NumberWidget,
  checkbox: CheckboxWidget,
  statement: StatementWidget,
  datetime: DatetimeWidget,
  date: DateWidget,
  radiobutton: RadioWidget,
  list: ListWidget,
  combobox: ComboboxWidget,
  multicombobox: MultiComboboxWidget,
  selectUserProfile: SelectUserWidget,
  formSection: FormSectionWidget,
  canvasDraw: CanvasDrawWidget,
  riskMatrix: RiskMatrixWidget,
};

/** A question, or nothing while its show conditions do not hold. */
export const QuestionView = memo(function QuestionView({ q, readOnly }: WidgetProps) {
  const visible = useVisible(q);
  if (!visible) return null;
  const Widget = WIDGETS[q.questionType];
  if (!Widget) return null;
  const photos = takesPhotos(q) ? <PhotoSection q={q} readOnly={readOnly} /> : null;
  // A failing answer may raise a corrective action, under the question (issue 15).
  if (mayRaiseAction(q))
    return (
      <div data-action-host={q.id}>
        <Widget q={q} readOnly={readOnly} />
        <ActionPanel q={q} readOnly={readOnly} />
        {photos}
      </div>
    );
  return (
    <>
      <Widget q={q} readOnly={readOnly} />
      {photos}
    </>
  );
});

export const QuestionList = memo(function QuestionList({ questions, readOnly }: { questions: Question[]; readOnly: boolean }) {
  return (
    <>
      {questions.map((q) => (
        <QuestionView key={q.id} q={q} readOnly={readOnly} />
      ))}
    </>
  );
});
