import { answerKeys, isVisible, type FormDefinition, type Question } from '@hub/model/forms';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { useStoreSelector, useStoreValue, type AnswerStore, type ErrorStore } from './answer-store';

export interface FillerUser {
  id: string;
  name: string;
  /** False when an administrator has deactivated the account: never offered as an action's assignee. */
  active?: boolean;
}

/** What every question of one filler shares; the value never changes while filling. */
export interface FillerContextValue {
  def: FormDefinition;
  answers: AnswerStore;
  errors: ErrorStore;
  users: FillerUser[];
  /** Prefix for DOM ids, unique per filler. */
  idPrefix: string;
  /** Text a widget could not turn into an answer (the number parse messages); null clears. */
  reportInputError(questionId: string, message: string | null): void;
  /** The answer keys a question's visibility depends on. */
  visibilityDeps(q: Question): string[];
}

export const FillerContext = createContext<FillerContextValue | null>(null);

export function useFiller(): FillerContextValue {
  const ctx = useContext(FillerContext);
  if (!ctx) throw new Error('useFiller must be used inside FormFiller');
  return ctx;
}

/** Question id to DOM-safe id. */
export function domId(ctx: FillerContextValue, questionId: string): string {
  return `${ctx.idPrefix}-q-${questionId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** Index of a definition: question by id and the parent section of each question. */
export function indexDefinition(def: FormDefinition) {
  const byId = new Map<string, Question>();
  const parent = new Map<string, Question>();
  const walk = (qs: Question[], owner: Question | null) => {
    for (const q of qs) {
      byId.set(q.id, q);
      if (owner) parent.set(q.id, owner);
      if (q.contents) walk(q.contents, q);
    }
  };
  for (const s of def.slides) walk(s.contents, null);
  return { byId, parent };
}

/**
 * Every answer key that can change whether `q` shows: the paths of its conditions, the
 * keys of the questions they name, and (transitively) what makes those questions and
 * their sections visible.
 */
export function computeVisibilityDeps(q: Question, index: ReturnType<typeof indexDefinition>): string[] {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const visit = (question: Question) => {
    for (const c of question.showConditions ?? []) {
      keys.add(c.path);
      const target = index.byId.get(c.path);
      if (!target) continue;
      for (const k of answerKeys(target)) keys.add(k);
      for (let t: Question | undefined = target; t && !seen.has(t.id); t = index.parent.get(t.id)) {
        seen.add(t.id);
        visit(t);
      }
    }
  };
  // The question's own sections can hide it too.
  for (let t: Question | undefined = q; t; t = index.parent.get(t.id)) {
    seen.add(t.id);
    visit(t);
  }
  return [...keys];
}

/**
 * Whether a question shows; re-renders only when an answer its conditions read changes, or
 * when the definition does (the designer's preview: a condition added, changed or removed
 * takes effect at once, on the answers already given).
 */
export function useVisible(q: Question): boolean {
  const ctx = useFiller();
  const deps = useMemo(() => ctx.visibilityDeps(q), [ctx, q]);
  const { def } = ctx;
  const select = useCallback((all: Record<string, unknown>) => deps.length === 0 || isVisible(q, def, all), [deps, q, def]);
  return useStoreSelector(ctx.answers, deps, select);
}

/** One answer key of the filler. */
export function useAnswer(key: string): unknown {
  return useStoreValue(useFiller().answers, key);
}

/** The message under a question. */
export function useQuestionError(questionId: string): string | undefined {
  return useStoreValue(useFiller().errors, questionId);
}

/** True when a question carries the required validator. */
export function isRequired(q: Question): boolean {
  return !!q.validators?.some((v) => v.validator === 'required');
}
