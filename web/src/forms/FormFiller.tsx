import { Button, Flex, Modal, Text, Title, useMatches } from '@mantine/core';
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
import { memo, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, useLocation, useNavigate, type BlockerFunction } from 'react-router';
import { createAnswerStore, createErrorStore } from './answer-store';
import { computeVisibilityDeps, domId, FillerContext, indexDefinition, type FillerContextValue, type FillerUser } from './context';
import classes from './FormFiller.module.css';
import { QuestionList } from './QuestionView';
import { answerIssuesFromError } from './server-issues';
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
  /** 'fill' mode: the user has a saved draft of this form (Cancel deletes it, so Cancel always asks first). */
  hasSavedDraft?: boolean;
  /**
   * Cancel shows on the first slide only. In 'fill' mode with unsaved changes or a saved
   * draft it first asks (incomplete-form modal). Navigating away from there is never blocked.
   */
  onCancel?: () => void;
  /**
   * Hidden answers already removed. A rejection keeps the changes unsaved; the caller shows
   * its toast, and a GraphQL validation error's answer issues show under their questions.
   * `continueNavigation`: the save comes from the leave prompt, and once it resolves the
   * filler carries on to where the user was going, so the caller should not navigate.
   */
  onSaveDraft?: (answers: Answers, options: { continueNavigation: boolean }) => Promise<void>;
  /** Validated (whole form; in 'edit' mode validateReview), hidden answers removed. Rejections as for onSaveDraft. */
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

/** The part of `pathname` after `routePath` when it is the filler's own address (the base or a slide), else null. */
function fillerPath(pathname: string, routePath: string): string | null {
  const base = routePath.replace(/\/+$/, '');
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  const rest = pathname.slice(base.length);
  return rest === '' || rest === '/' || /^\/slide\/[^/]*\/?$/.test(rest) ? rest : null;
}

function UrlFiller(props: FormFillerProps & { shown: ShownSlide[]; routePath: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const n = slideFromPath(location.pathname, props.routePath, props.shown.length);
  const base = props.routePath.replace(/\/+$/, '');
  const canonical = `${base}/slide/${n}/`;
  // A missing or unknown slide number shows slide 1: the address says so too.
  const wrong = location.pathname !== canonical && location.pathname !== canonical.slice(0, -1);
  useEffect(() => {
    if (wrong) void navigate(canonical, { replace: true });
  }, [wrong, canonical, navigate]);
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
  /** View and review: every slide can be looked at in any order. */
  const freeNav = viewOnly || mode === 'edit';
  const rawId = useId();
  const [answers] = useState(() => createAnswerStore(props.initialAnswers ?? NO_ANSWERS));
  const [errors] = useState(createErrorStore);
  const inputErrors = useRef(new Map<string, string>());
  /** Messages of a refused save, by question id, until that question's answer changes. */
  const serverErrors = useRef(new Map<string, string>());
  const revalidate = useRef(false);
  const savedVersion = useRef(answers.version);
  /** Set while a save or submit hands over to the caller, which may navigate away (never blocked). */
  const leaving = useRef(false);
  const pendingFocus = useRef<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [cancelPrompt, setCancelPrompt] = useState<{ dirty: boolean } | null>(null);
  const [, forceRender] = useState(0);
  const revalidateRef = useRef<() => void>(() => {});
  const buttonSize = useMatches({ base: 'sm', md: 'md' });
  const inDataRouter = useContext(UNSAFE_DataRouterContext) != null;

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

  const slideReadOnly = (slideIndex: number) =>
    viewOnly || (isReviewSlide(def.slides[slideIndex]) ? !!props.reviewReadOnly : mode === 'edit');

  /** The question an answer key (or a server path) belongs to: its id, or the id a derived key starts with. */
  const questionOfKey = (key: string): string | undefined => {
    if (index.byId.has(key)) return key;
    let best: string | undefined;
    for (const id of index.byId.keys()) if (key.startsWith(`${id}-`) && (!best || id.length > best.length)) best = id;
    return best;
  };

  /** The issues of some slides (model checks, text that is not yet an answer, messages of a refused save). */
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
    const ids = new Set(slideIndexes.filter((i) => !slideReadOnly(i)).flatMap((i) => questionsBySlide[i].map((q) => q.id)));
    withInputErrors(messages, ids, all);
    for (const [id, message] of serverErrors.current) {
      const q = index.byId.get(id);
      if (q && ids.has(id) && !messages.has(id) && isVisible(q, def, all)) messages.set(id, message);
    }
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
  const forgetServerErrorsRef = useRef<(changed: string[]) => void>(() => {});
  forgetServerErrorsRef.current = (changed) => {
    if (serverErrors.current.size === 0) return;
    for (const key of changed) {
      const id = questionOfKey(key);
      if (id) serverErrors.current.delete(id);
    }
  };

  // A changed answer drops the refused save's message on it; once revalidation is on,
  // every change re-checks the slides on screen.
  useEffect(
    () =>
      answers.subscribeAll((changed) => {
        forgetServerErrorsRef.current(changed);
        if (revalidate.current) revalidateRef.current();
      }),
    [answers],
  );
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

  // Reloading or closing the tab with unsaved answers: the browser asks first.
  useEffect(() => {
    if (mode !== 'fill') return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (leaving.current || answers.version === savedVersion.current) return;
      e.preventDefault();
      // Older browsers want returnValue set to show their prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [mode, answers]);

  // Leaving the filler inside the app (Back, the logo, any link) with unsaved answers: the
  // incomplete-form modal asks first. Moving between slides (url pagination) is not leaving.
  const routePath = props.routePath;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (leaving.current || answers.version === savedVersion.current) return false;
      if (nextLocation.pathname === currentLocation.pathname) return false;
      if (
        routePath != null &&
        fillerPath(nextLocation.pathname, routePath) != null &&
        fillerPath(currentLocation.pathname, routePath) != null
      )
        return false;
      return true;
    },
    [answers, routePath],
  );

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

  /** Shows the messages on every slide, switches revalidation on and goes to the first slide in error. */
  const showFailure = (messages: Map<string, string>) => {
    const allSlides = shown.map((s) => s.index);
    showErrors(allSlides, messages);
    revalidate.current = true;
    const slideIndex = focusFirst(messages, allSlides);
    const target = shown.findIndex((s) => s.index === slideIndex);
    if (!scroll && target >= 0 && target !== position) setPosition(target);
    else forceRender((n) => n + 1);
  };

  /** A refused save: the server's messages under their questions (the caller shows its toast). */
  const showServerIssues = (err: unknown) => {
    const fresh = new Map<string, string>();
    for (const issue of answerIssuesFromError(err)) {
      const id = questionOfKey(issue.path);
      // The first message per question, as in the filler's own checks.
      if (id && !fresh.has(id)) fresh.set(id, issue.message);
    }
    if (!fresh.size) return;
    for (const [id, message] of fresh) serverErrors.current.set(id, message);
    showFailure(
      issuesOf(
        shown.map((s) => s.index),
        answers.getAll(),
      ),
    );
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

  const canSelect = (p: number) => scroll || freeNav || p <= position + 1;
  const select = (p: number) => {
    if (scroll) {
      const el = document.getElementById(`${ctx.idPrefix}-slide-${p}`);
      el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      el?.querySelector<HTMLElement>('[data-slide-title]')?.focus({ preventScroll: true });
      return;
    }
    if (p === position) return;
    if (p < position || freeNav) return setPosition(p);
    if (p === position + 1 && currentSlideValid()) setPosition(p);
  };

  const cleaned = () => removeHiddenAnswers(def, answers.getAll());

  const saveDraft = async (continueNavigation = false) => {
    if (!props.onSaveDraft) return false;
    const version = answers.version;
    setBusy('draft');
    leaving.current = true;
    try {
      await props.onSaveDraft(cleaned(), { continueNavigation });
      savedVersion.current = version;
      return true;
    } catch (err) {
      leaving.current = false;
      showServerIssues(err);
      return false;
    } finally {
      leaving.current = false;
      setBusy(null);
    }
  };

  const submit = async () => {
    const all = cleaned();
    const issues = mode === 'edit' ? validateReview(def, all) : validateForm(def, all);
    const messages = toMessages(issues);
    withInputErrors(messages, null, answers.getAll());
    if (messages.size) {
      showFailure(messages);
      return;
    }
    showErrors(
      shown.map((s) => s.index),
      messages,
    );
    if (!props.onSubmit) return;
    setBusy('submit');
    leaving.current = true;
    try {
      await props.onSubmit(all);
      savedVersion.current = answers.version;
    } catch (err) {
      // The caller reports the failure; the answers stay as they are.
      leaving.current = false;
      showServerIssues(err);
    } finally {
      leaving.current = false;
      setBusy(null);
    }
  };

  const dirty = () => answers.version !== savedVersion.current;
  const leaveToCaller = () => {
    // The user chose to lose the unsaved answers: nothing left to guard.
    savedVersion.current = answers.version;
    props.onCancel?.();
  };
  const cancel = () => {
    if (mode === 'fill' && (dirty() || props.hasSavedDraft)) setCancelPrompt({ dirty: dirty() });
    else leaveToCaller();
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
  const canSave = mode === 'fill' && !!props.onSaveDraft;

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
              hideStatements={slideReadOnly(s.index) && isReviewSlide(s.slide)}
            />
          ))}
          <div className={classes.actions}>
            <div className={classes.actionGroup}>
              {first && props.onCancel && (
                <Button variant="default" size={buttonSize} mih={44} onClick={cancel} disabled={busy !== null}>
                  {viewOnly ? 'Close' : 'Cancel'}
                </Button>
              )}
              {canSave && (
                <Button
                  variant="light"
                  size={buttonSize}
                  mih={44}
                  onClick={() => void saveDraft()}
                  loading={busy === 'draft'}
                  disabled={busy === 'submit'}
                >
                  Save draft
                </Button>
              )}
            </div>
            <div className={classes.actionGroup}>
              {!first && (
                <Button variant="default" size={buttonSize} mih={44} onClick={() => select(position - 1)}>
                  Back
                </Button>
              )}
              {!last && (
                <Button size={buttonSize} mih={44} onClick={() => select(position + 1)}>
                  Next
                </Button>
              )}
              {last && !viewOnly && (
                <Button size={buttonSize} mih={44} onClick={() => void submit()} loading={busy === 'submit'} disabled={busy === 'draft'}>
                  {props.submitText ?? 'Submit'}
                </Button>
              )}
            </div>
          </div>
        </div>
      </div>
      <IncompleteFormModal
        opened={cancelPrompt != null}
        message={cancelMessage(!!props.hasSavedDraft, cancelPrompt?.dirty ?? false)}
        destructive={!!props.hasSavedDraft}
        canSave={canSave}
        saving={busy === 'draft'}
        onClose={() => setCancelPrompt(null)}
        onDiscard={() => {
          setCancelPrompt(null);
          leaveToCaller();
        }}
        onSave={async () => {
          if (await saveDraft()) setCancelPrompt(null);
        }}
      />
      {mode === 'fill' && inDataRouter && (
        <LeaveGuard
          shouldBlock={shouldBlock}
          hasSavedDraft={!!props.hasSavedDraft}
          canSave={canSave}
          saving={busy === 'draft'}
          onDiscard={() => {
            savedVersion.current = answers.version;
          }}
          onSave={() => saveDraft(true)}
        />
      )}
    </FillerContext.Provider>
  );
}

/** What Cancel will do, said plainly: with a saved draft, Cancel deletes it. */
function cancelMessage(hasSavedDraft: boolean, dirty: boolean): string {
  if (!hasSavedDraft) return 'You have unsaved answers. Save your progress as a draft to continue later, or discard them.';
  return dirty
    ? 'Cancelling deletes your saved draft of this form and discards your unsaved answers. This cannot be undone. To keep your answers for later, save your progress as a draft instead.'
    : 'Cancelling deletes your saved draft of this form. This cannot be undone. To keep it for later, save your progress as a draft instead.';
}

/** The incomplete-form modal: 'Discard and take me back' or 'Save progress as draft'. */
function IncompleteFormModal(props: {
  opened: boolean;
  message: string;
  /** Discarding deletes a saved draft (the button is red). */
  destructive: boolean;
  canSave: boolean;
  saving: boolean;
  onClose(): void;
  onDiscard(): void;
  onSave(): void;
}) {
  const size = useMatches({ base: 'sm', sm: 'md' });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="This form is incomplete" centered>
      <Text mb="lg">{props.message}</Text>
      <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
        <Button
          variant={props.destructive ? 'outline' : 'default'}
          color={props.destructive ? 'red' : undefined}
          size={size}
          mih={44}
          onClick={props.onDiscard}
        >
          Discard and take me back
        </Button>
        {props.canSave && (
          <Button size={size} mih={44} loading={props.saving} onClick={props.onSave}>
            Save progress as draft
          </Button>
        )}
      </Flex>
    </Modal>
  );
}

/**
 * Blocks navigation out of the filler while `shouldBlock` says so, and asks with the
 * incomplete-form modal: discard (go on) or save a draft (then go on). Its own component, so
 * the router state it reads re-renders only this.
 */
function LeaveGuard(props: {
  shouldBlock: BlockerFunction;
  hasSavedDraft: boolean;
  canSave: boolean;
  saving: boolean;
  onDiscard(): void;
  onSave(): Promise<boolean>;
}) {
  const blocker = useBlocker(props.shouldBlock);
  // The save is asynchronous: by its end, act on the blocker as it is then.
  const latest = useRef(blocker);
  latest.current = blocker;
  const settle = (go: boolean) => {
    const b = latest.current;
    if (b.state !== 'blocked') return;
    if (go) b.proceed();
    else b.reset();
  };
  return (
    <IncompleteFormModal
      opened={blocker.state === 'blocked'}
      message={
        props.hasSavedDraft
          ? 'You have answers that are not saved yet. Save your progress as a draft to continue later, or discard the changes since your last save (your saved draft stays as it was).'
          : 'You have unsaved answers. Save your progress as a draft to continue later, or discard them.'
      }
      destructive={false}
      canSave={props.canSave}
      saving={props.saving}
      onClose={() => settle(false)}
      onDiscard={() => {
        props.onDiscard();
        settle(true);
      }}
      onSave={async () => settle(await props.onSave())}
    />
  );
}

/** Statements of a read-only review slide address the reviewer, not the reader: hidden there. */
function withoutStatements(questions: Question[]): Question[] {
  return questions
    .filter((q) => q.questionType !== 'statement')
    .map((q) => (q.contents ? { ...q, contents: withoutStatements(q.contents) } : q));
}

const SlideView = memo(function SlideView({
  id,
  name,
  questions,
  readOnly,
  hideStatements,
}: {
  id: string;
  name: string;
  questions: Question[];
  readOnly: boolean;
  hideStatements: boolean;
}) {
  const headingId = `${id}-title`;
  const list = useMemo(() => (hideStatements ? withoutStatements(questions) : questions), [hideStatements, questions]);
  return (
    <section id={id} className={classes.slide} aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} tabIndex={-1} data-slide-title className={classes.slideTitle}>
        {name}
      </Title>
      <QuestionList questions={list} readOnly={readOnly} />
    </section>
  );
});
