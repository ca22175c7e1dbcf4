import { Button, Group, Modal, Text, Title } from '@mantine/core';
import {
  isReviewSlide,
  isVisible,
  removeHiddenAnswers,
  slideQuestions,
  validateForm,
  validateReview,
  validateSlide,
  type AnswerIssue,
  type Answers,
  type FormDefinition,
  type Question,
} from '@hub/model/forms';
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { createAnswerStore, createErrorStore } from './answer-store';
import { computeVisibilityDeps, domId, FillerContext, indexDefinition, type FillerContextValue, type FillerUser } from './context';
import classes from './FormFiller.module.css';
import { QuestionList } from './QuestionView';
import { StepIndicator } from './StepIndicator';

export interface FormFillerProps {
  definition: FormDefinition;
  initialAnswers?: Answers;
  /** 'fill': new or draft; 'edit': a completed submission being reviewed; 'view': read-only; 'preview': designer preview (url pagination behaves as page). */
  mode: 'fill' | 'edit' | 'view' | 'preview';
  /** Base path for url pagination: slides live at {routePath}/slide/{n}/ (n from 1; unknown n falls back to slide 1). */
  routePath?: string;
  /** Show the review slide (administrators; others when the submission is completed or has a review request). Hidden otherwise. */
  showReviewSlide?: boolean;
  /** Review slide read-only (workers). */
  reviewReadOnly?: boolean;
  /** Text of the submit button; default 'Submit'. */
  submitText?: string;
  /** Users for selectUserProfile questions (id + display name), already scoped by the caller. */
  users?: FillerUser[];
  /** Cancel shows on the first slide only. In 'fill' mode with unsaved changes it first asks (incomplete-form modal). */
  onCancel?: () => void;
  /** Hidden answers already removed. A rejection keeps the changes unsaved; the caller shows its toast. */
  onSaveDraft?: (answers: Answers) => Promise<void>;
  /** Validated (whole form; in 'edit' mode validateReview), hidden answers removed. */
  onSubmit?: (answers: Answers) => Promise<void>;
}

const NO_USERS: FillerUser[] = [];
const NO_ANSWERS: Answers = {};

/**
 * The form filler: a side step indicator, one slide at a time (or all stacked for scroll
 * pagination), Cancel / Back / Next / Submit and Save draft. Answers live in a keyed store
 * so typing re-renders only the question typed into (and those whose show conditions read
 * it). Load other answers by remounting (a new `key`).
 */
export function FormFiller(props: FormFillerProps) {
  const shown = useMemo(
    () => props.definition.slides.map((s, i) => ({ slide: s, index: i })).filter((s) => props.showReviewSlide || !isReviewSlide(s.slide)),
    [props.definition, props.showReviewSlide],
  );
  if (props.definition.pagination?.type === 'url' && props.mode !== 'preview' && props.routePath != null)
    return <UrlFiller {...props} shown={shown} routePath={props.routePath} />;
  return <PageFiller {...props} shown={shown} />;
}

type ShownSlide = { slide: FormDefinition['slides'][number]; index: number };
interface CoreProps extends FormFillerProps {
  shown: ShownSlide[];
  /** Position of the current slide in `shown`. */
  position: number;
  setPosition(position: number): void;
}

function PageFiller(props: FormFillerProps & { shown: ShownSlide[] }) {
  const [position, setPosition] = useState(0);
  return <FillerCore {...props} position={Math.min(position, Math.max(0, props.shown.length - 1))} setPosition={setPosition} />;
}

/** The slide number of {routePath}/slide/{n}/, or 1 when missing or out of range. */
export function slideFromPath(pathname: string, routePath: string, count: number): number {
  const base = routePath.replace(/\/+$/, '');
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const match = /^\/slide\/(\d+)\/?$/.exec(rest);
  const n = match ? Number(match[1]) : 1;
  return n >= 1 && n <= count ? n : 1;
}

function UrlFiller(props: FormFillerProps & { shown: ShownSlide[]; routePath: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const n = slideFromPath(location.pathname, props.routePath, props.shown.length);
  const base = props.routePath.replace(/\/+$/, '');
  return <FillerCore {...props} position={n - 1} setPosition={(p) => navigate(`${base}/slide/${p + 1}/`)} />;
}

/** Issues to a message per question id (the first for each). */
function toMessages(issues: AnswerIssue[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of issues) if (!out.has(i.path)) out.set(i.path, i.message);
  return out;
}

function FillerCore(props: CoreProps) {
  const { definition: def, mode, shown, position, setPosition } = props;
  const scroll = def.pagination?.type === 'scroll';
  const viewOnly = mode === 'view';
  const rawId = useId();
  const [answers] = useState(() => createAnswerStore(props.initialAnswers ?? NO_ANSWERS));
  const [errors] = useState(createErrorStore);
  const inputErrors = useRef(new Map<string, string>());
  const revalidate = useRef(false);
  const savedVersion = useRef(answers.version);
  const pendingFocus = useRef<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [, forceRender] = useState(0);
  const revalidateRef = useRef<() => void>(() => {});

  const index = useMemo(() => indexDefinition(def), [def]);
  const questionsBySlide = useMemo(() => def.slides.map((s) => slideQuestions(s)), [def]);
  const displayed = useMemo(
    () => (scroll ? shown.map((s) => s.index) : shown[position] ? [shown[position].index] : []),
    [scroll, shown, position],
  );
  const displayedRef = useRef(displayed);
  displayedRef.current = displayed;

  const ctx = useMemo<FillerContextValue>(() => {
    const deps = new Map<Question, string[]>();
    const value: FillerContextValue = {
      def,
      answers,
      errors,
      users: props.users ?? NO_USERS,
      idPrefix: `ff${rawId.replace(/[^A-Za-z0-9]/g, '')}`,
      reportInputError(id, message) {
        if (message) {
          inputErrors.current.set(id, message);
          errors.set(id, message);
          return;
        }
        if (!inputErrors.current.delete(id)) return;
        // The text became readable (or empty): show what the model says now, or nothing.
        if (revalidate.current) revalidateRef.current();
        else errors.set(id, undefined);
      },
      visibilityDeps(q) {
        let d = deps.get(q);
        if (!d) deps.set(q, (d = computeVisibilityDeps(q, index)));
        return d;
      },
    };
    return value;
  }, [def, answers, errors, props.users, rawId, index]);

  const slideReadOnly = (slideIndex: number) => viewOnly || (isReviewSlide(def.slides[slideIndex]) && !!props.reviewReadOnly);

  /** The issues of some slides (model checks plus text that is not yet an answer). */
  const issuesOf = (slideIndexes: number[], all: Answers): Map<string, string> => {
    const issues: AnswerIssue[] = [];
    for (const i of slideIndexes) {
      if (slideReadOnly(i)) continue;
      // The review slide is checked only when reviewing (its comments are exempt from the form's checks).
      if (isReviewSlide(def.slides[i])) {
        if (mode === 'edit') issues.push(...validateReview(def, all));
      } else issues.push(...validateSlide(def, i, all));
    }
    const messages = toMessages(issues);
    withInputErrors(messages, new Set(slideIndexes.flatMap((i) => questionsBySlide[i].map((q) => q.id))), all);
    return messages;
  };
  /** Parse errors win over model messages, for questions in `ids` that still show. */
  const withInputErrors = (messages: Map<string, string>, ids: Set<string> | null, all: Answers) => {
    for (const [id, message] of inputErrors.current) {
      const q = index.byId.get(id);
      if (q && (!ids || ids.has(id)) && isVisible(q, def, all)) messages.set(id, message);
    }
  };
  /** Shows `messages` for every question of the given slides (clearing the others). */
  const showErrors = (slideIndexes: number[], messages: Map<string, string>) => {
    const patch: Record<string, string | undefined> = {};
    for (const i of slideIndexes) for (const q of questionsBySlide[i]) patch[q.id] = messages.get(q.id);
    for (const [id, m] of messages) patch[id] = m;
    errors.setMany(patch);
  };
  const revalidateDisplayed = () => {
    const slides = displayedRef.current;
    showErrors(slides, issuesOf(slides, answers.getAll()));
  };
  revalidateRef.current = revalidateDisplayed;

  // Once revalidation is on, every change re-checks the slides on screen.
  useEffect(() => answers.subscribeAll(() => revalidate.current && revalidateRef.current()), [answers]);
  useEffect(() => {
    if (revalidate.current) revalidateRef.current();
  }, [displayed]);

  // After a slide change: focus the slide title (or the first question in error) and scroll to it.
  const rootRef = useRef<HTMLDivElement>(null);
  const shownPosition = useRef(position);
  useEffect(() => {
    // Compare with the last position rather than skip the first run: StrictMode runs effects twice.
    if (shownPosition.current === position) return;
    shownPosition.current = position;
    if (pendingFocus.current) return;
    const title = rootRef.current?.querySelector<HTMLElement>('[data-slide-title]');
    title?.focus({ preventScroll: true });
    rootRef.current?.scrollIntoView?.({ block: 'start' });
  }, [position]);
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = null;
    const box = rootRef.current?.querySelector<HTMLElement>(`[data-question-id="${id.replace(/["\\]/g, '\\$&')}"]`);
    const target = document.getElementById(domId(ctx, id)) ?? box?.querySelector<HTMLElement>('input, textarea, button, select');
    box?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  });

  const focusFirst = (messages: Map<string, string>, slideIndexes: number[]) => {
    for (const i of slideIndexes)
      for (const q of questionsBySlide[i])
        if (messages.has(q.id)) {
          pendingFocus.current = q.id;
          return i;
        }
    const first = messages.keys().next().value;
    pendingFocus.current = first ?? null;
    return undefined;
  };

  /** Validates the current slide; on failure shows the errors and switches revalidation on. */
  const currentSlideValid = (): boolean => {
    if (viewOnly) return true;
    const messages = issuesOf(displayed, answers.getAll());
    showErrors(displayed, messages);
    if (messages.size === 0) return true;
    revalidate.current = true;
    focusFirst(messages, displayed);
    forceRender((n) => n + 1); // the focus effect runs after this render
    return false;
  };

  const canSelect = (p: number) => scroll || viewOnly || p <= position + 1;
  const select = (p: number) => {
    if (scroll) {
      const el = document.getElementById(`${ctx.idPrefix}-slide-${p}`);
      el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      el?.querySelector<HTMLElement>('[data-slide-title]')?.focus({ preventScroll: true });
      return;
    }
    if (p === position) return;
    if (p < position || viewOnly) return setPosition(p);
    if (p === position + 1 && currentSlideValid()) setPosition(p);
  };

  const cleaned = () => removeHiddenAnswers(def, answers.getAll());

  const saveDraft = async () => {
    if (!props.onSaveDraft) return false;
    const version = answers.version;
    setBusy('draft');
    try {
      await props.onSaveDraft(cleaned());
      savedVersion.current = version;
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    const all = cleaned();
    const issues = mode === 'edit' ? validateReview(def, all) : validateForm(def, all);
    const messages = toMessages(issues);
    withInputErrors(messages, null, answers.getAll());
    const allSlides = shown.map((s) => s.index);
    showErrors(allSlides, messages);
    if (messages.size) {
      revalidate.current = true;
      const slideIndex = focusFirst(messages, allSlides);
      const target = shown.findIndex((s) => s.index === slideIndex);
      if (!scroll && target >= 0 && target !== position) setPosition(target);
      else forceRender((n) => n + 1);
      return;
    }
    if (!props.onSubmit) return;
    setBusy('submit');
    try {
      await props.onSubmit(all);
      savedVersion.current = answers.version;
    } catch {
      // The caller reports the failure; the answers stay as they are.
    } finally {
      setBusy(null);
    }
  };

  const cancel = () => {
    if (mode === 'fill' && answers.version !== savedVersion.current) setConfirmCancel(true);
    else props.onCancel?.();
  };

  if (shown.length === 0)
    return (
      <Text c="dimmed" py="md">
        This form has no slides.
      </Text>
    );

  const last = scroll || position === shown.length - 1;
  const first = scroll || position === 0;
  const visibleSlides = scroll ? shown : [shown[position]];

  return (
    <FillerContext.Provider value={ctx}>
      <div ref={rootRef} className={classes.layout}>
        <aside className={classes.aside}>
          <StepIndicator names={shown.map((s) => s.slide.name)} current={scroll ? -1 : position} enabled={canSelect} onSelect={select} />
        </aside>
        <div className={classes.main}>
          {visibleSlides.map((s) => (
            <SlideView
              key={s.index}
              id={`${ctx.idPrefix}-slide-${shown.indexOf(s)}`}
              name={s.slide.name}
              questions={s.slide.contents}
              readOnly={slideReadOnly(s.index)}
            />
          ))}
          <div className={classes.actions}>
            <div className={classes.actionGroup}>
              {first && props.onCancel && (
                <Button variant="default" mih={44} onClick={cancel} disabled={busy !== null}>
                  Cancel
                </Button>
              )}
              {mode === 'fill' && props.onSaveDraft && (
                <Button variant="light" mih={44} onClick={() => void saveDraft()} loading={busy === 'draft'} disabled={busy === 'submit'}>
                  Save draft
                </Button>
              )}
            </div>
            <div className={classes.actionGroup}>
              {!first && (
                <Button variant="default" mih={44} onClick={() => select(position - 1)}>
                  Back
                </Button>
              )}
              {!last && (
                <Button mih={44} onClick={() => select(position + 1)}>
                  Next
                </Button>
              )}
              {last && !viewOnly && (
                <Button mih={44} onClick={() => void submit()} loading={busy === 'submit'} disabled={busy === 'draft'}>
                  {props.submitText ?? 'Submit'}
                </Button>
              )}
            </div>
          </div>
        </div>
      </div>
      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title="This form is incomplete" centered>
        <Text mb="lg">You have unsaved answers. Save your progress as a draft to continue later, or discard them.</Text>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            mih={44}
            onClick={() => {
              setConfirmCancel(false);
              props.onCancel?.();
            }}
          >
            Discard and take me back
          </Button>
          {props.onSaveDraft && (
            <Button
              mih={44}
              loading={busy === 'draft'}
              onClick={async () => {
                if (await saveDraft()) setConfirmCancel(false);
              }}
            >
              Save progress as draft
            </Button>
          )}
        </Group>
      </Modal>
    </FillerContext.Provider>
  );
}

const SlideView = memo(function SlideView({
  id,
  name,
  questions,
  readOnly,
}: {
  id: string;
  name: string;
  questions: Question[];
  readOnly: boolean;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className={classes.slide} aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} tabIndex={-1} data-slide-title className={classes.slideTitle}>
        {name}
      </Title>
      <QuestionList questions={questions} readOnly={readOnly} />
    </section>
  );
});
