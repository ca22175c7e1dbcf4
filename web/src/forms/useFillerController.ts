import { useMatches } from '@mantine/core';
import {
  actionIssues,
  dropStaleActions,
  isReviewSlide,
  isVisible,
  removeHiddenAnswers,
  slideQuestions,
  toDayString,
  validateForm,
  validateReview,
  validateSlide,
  type AnswerIssue,
  type Answers,
  type FormDefinition,
  type Question,
} from '@hub/model/forms';
import { useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';
import { createAnswerStore, createErrorStore } from './answer-store';
import { computeVisibilityDeps, domId, indexDefinition, type FillerContextValue, type FillerUser } from './context';
import type { FormFillerProps } from './FormFiller';
import { answerIssuesFromError } from './server-issues';
import { useLeaveGuards } from './useLeaveGuards';

export type ShownSlide = { slide: FormDefinition['slides'][number]; index: number };
export interface CoreProps extends FormFillerProps {
  shown: ShownSlide[];
  /** Position of the current slide in `shown`. */
  position: number;
  setPosition(position: number): void;
  /** The position came from `followSlide` (the designer): no focus or scroll to the slide. */
  quietMove?: boolean;
}

const NO_USERS: FillerUser[] = [];
const NO_ANSWERS: Answers = {};

/**
 * The corrective actions' issues (issue 15), each under its question (path: the question id).
 * An action left under an answer changed back to a pass is not one: it is dropped when the
 * answers are sent (dropStaleActions), so it never holds the member on the slide.
 */
function actionIssuesOf(def: FormDefinition, all: Answers): AnswerIssue[] {
  return actionIssues(def, dropStaleActions(def, all), { today: toDayString(new Date()) }).map((i) => ({
    ...i,
    path: i.path.replace(/-action$/, ''),
  }));
}

/** Issues to a message per question id (the first for each). */
function toMessages(issues: AnswerIssue[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of issues) if (!out.has(i.path)) out.set(i.path, i.message);
  return out;
}

/**
 * The filler's state and behaviour: the answer and error stores, validation (the model's
 * checks, unreadable input, a refused save's messages), slide moves and focus, draft save,
 * submit, cancel and the guards against leaving with unsaved answers.
 */
export function useFillerController(props: CoreProps) {
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
    const ids = new Set(slideIndexes.filter((i) => !slideReadOnly(i)).flatMap((i) => questionsBySlide[i].map((q) => q.id)));
    if (mode !== 'edit') issues.push(...actionIssuesOf(def, all).filter((i) => ids.has(i.path)));
    const messages = toMessages(issues);
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
  const forgetServerErrors = (changed: string[]) => {
    if (serverErrors.current.size === 0) return;
    for (const key of changed) {
      const id = questionOfKey(key);
      if (id) serverErrors.current.delete(id);
    }
  };

  const forgetServerErrorsRef = useRef(forgetServerErrors);
  // The subscriptions and effects below call the latest of these (layout effects run first).
  useLayoutEffect(() => {
    displayedRef.current = displayed;
    revalidateRef.current = revalidateDisplayed;
    forgetServerErrorsRef.current = forgetServerErrors;
  });

  const onAnswersChange = useRef(props.onAnswersChange);
  useLayoutEffect(() => {
    onAnswersChange.current = props.onAnswersChange;
  });
  // A changed answer drops the refused save's message on it; once revalidation is on,
  // every change re-checks the slides on screen. The caller hears of every change.
  useEffect(
    () =>
      answers.subscribeAll((changed) => {
        forgetServerErrorsRef.current(changed);
        if (revalidate.current) revalidateRef.current();
        onAnswersChange.current?.(answers.getAll());
      }),
    [answers],
  );
  // Another slide on screen, or (the designer's preview) an edited definition: its validators
  // and conditions apply at once to the messages showing.
  useEffect(() => {
    if (revalidate.current) revalidateRef.current();
  }, [displayed, def]);

  // After a slide change: focus the slide title (or the first question in error) and scroll to it.
  const rootRef = useRef<HTMLDivElement>(null);
  const shownPosition = useRef(position);
  useEffect(() => {
    // Compare with the last position rather than skip the first run: StrictMode runs effects twice.
    if (shownPosition.current === position) return;
    shownPosition.current = position;
    if (pendingFocus.current || props.quietMove) return;
    const title = rootRef.current?.querySelector<HTMLElement>('[data-slide-title]');
    title?.focus({ preventScroll: true });
    rootRef.current?.scrollIntoView?.({ block: 'start' });
  }, [position, props.quietMove]);
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = null;
    const box = rootRef.current?.querySelector<HTMLElement>(`[data-question-id="${id.replace(/["\\]/g, '\\$&')}"]`);
    const target = document.getElementById(domId(ctx, id)) ?? box?.querySelector<HTMLElement>('input, textarea, button, select');
    box?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  });

  // A review opens on the review slide: the page layouts start there (FormFiller), the scroll layout scrolls to it once.
  const openedOnReview = useRef(false);
  useEffect(() => {
    if (openedOnReview.current || !scroll || mode !== 'edit') return;
    openedOnReview.current = true;
    const at = shown.findIndex((s) => isReviewSlide(s.slide));
    if (at > 0) document.getElementById(`${ctx.idPrefix}-slide-${at}`)?.scrollIntoView?.({ block: 'start' });
  }, [scroll, mode, shown, ctx.idPrefix]);

  const shouldBlock = useLeaveGuards({ mode, answers, leavingRef: leaving, savedVersionRef: savedVersion, routePath: props.routePath });

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

  const cleaned = () => dropStaleActions(def, removeHiddenAnswers(def, answers.getAll()));

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
    const issues = mode === 'edit' ? validateReview(def, all) : [...validateForm(def, all), ...actionIssuesOf(def, all)];
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

  return {
    def,
    mode,
    shown,
    position,
    scroll,
    viewOnly,
    ctx,
    rootRef,
    busy,
    cancelPrompt,
    closeCancelPrompt: () => setCancelPrompt(null),
    buttonSize,
    inDataRouter,
    canSelect,
    select,
    slideReadOnly,
    saveDraft,
    submit,
    cancel,
    leaveToCaller,
    /** The leave prompt's Discard: the unsaved answers are given up. */
    discardChanges: () => {
      savedVersion.current = answers.version;
      props.onDiscardChanges?.();
    },
    shouldBlock,
  };
}

export type FillerController = ReturnType<typeof useFillerController>;
