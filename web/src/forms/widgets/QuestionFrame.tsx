import { IconInfoCircle } from '@tabler/icons-react';
import type { Question } from '@hub/model/forms';
import { useId, useState, type ReactNode } from 'react';
import { domId, isRequired, useFiller, useQuestionError } from '../context';
import classes from './widgets.module.css';

/** Props every question widget receives. */
export interface WidgetProps {
  q: Question;
  readOnly: boolean;
}

/**
 * The info icon beside a title. The tip is plain CSS (shown on hover, focus or tap; Escape
 * hides it) so a form full of tips costs nothing to mount; it is also the button's description.
 */
export function InfoTip({ text }: { text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className={classes.tipWrap} data-open={open || undefined}>
      <button
        type="button"
        className={classes.tip}
        aria-label="More information"
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setOpen(false);
            e.currentTarget.dataset.dismissed = 'true';
          }
        }}
        onPointerEnter={(e) => delete e.currentTarget.dataset.dismissed}
        onFocus={(e) => delete e.currentTarget.dataset.dismissed}
      >
        <IconInfoCircle size={18} aria-hidden />
      </button>
      <span role="tooltip" id={id} className={classes.bubble}>
        {text}
      </span>
    </span>
  );
}

/** The DOM ids of a question: its input and the message under it. */
export function useQuestionIds(q: Question) {
  const ctx = useFiller();
  const input = domId(ctx, q.id);
  return { input, error: `${input}-error`, title: `${input}-title` };
}

interface FrameProps {
  q: Question;
  /** Render a fieldset with a legend (radio groups, matrices) instead of a label. */
  group?: boolean;
  /** Hide the title (the checkbox carries it as its own label). */
  noTitle?: boolean;
  readOnly?: boolean;
  children: ReactNode;
}

/**
 * Title (with the required mark and the tooltip), the control, then the message under it
 * in an aria-live region so screen readers announce it.
 */
export function QuestionFrame({ q, group, noTitle, readOnly, children }: FrameProps) {
  const ids = useQuestionIds(q);
  const error = useQuestionError(q.id);
  const required = !readOnly && isRequired(q);
  const titleContent = (
    <>
      {q.title}
      {required && (
        <span className={classes.required} aria-hidden>
          *
        </span>
      )}
    </>
  );
  const tip = q.toolTip ? <InfoTip text={q.toolTip} /> : null;
  const errorNode = (
    <div id={ids.error} className={classes.error} aria-live="polite">
      {readOnly ? null : error}
    </div>
  );
  if (group)
    return (
      <fieldset className={classes.question} data-question-id={q.id} aria-describedby={ids.error}>
        <legend className={classes.titleRow} id={ids.title}>
          <span className={classes.title}>{titleContent}</span>
          {tip}
        </legend>
        {children}
        {errorNode}
      </fieldset>
    );
  return (
    <div className={classes.question} data-question-id={q.id}>
      {!noTitle && (
        <div className={classes.titleRow}>
          {readOnly ? (
            <span className={classes.title} id={ids.title}>
              {titleContent}
            </span>
          ) : (
            <label className={classes.title} htmlFor={ids.input} id={ids.title}>
              {titleContent}
            </label>
          )}
          {tip}
        </div>
      )}
      {children}
      {errorNode}
    </div>
  );
}

/** The answer as text in read-only rendering ('—' when empty). */
export function ReadOnlyValue({ q, text, children }: { q: Question; text?: string | null; children?: ReactNode }) {
  const ids = useQuestionIds(q);
  const empty = children == null && !text;
  return (
    <QuestionFrame q={q} readOnly>
      <div className={`${classes.readOnly} ${empty ? classes.dimmed : ''}`} aria-labelledby={ids.title} role="group">
        {children ?? (text || '—')}
      </div>
    </QuestionFrame>
  );
}
