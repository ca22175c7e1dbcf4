import { ACTION_COMMENT_MAX, ACTION_DESCRIPTION_MAX, ACTION_DUE_DAYS, ACTION_DUE_MAX_DAYS, ACTION_RISK_SCORE } from '../constants';
import { allQuestions } from './definition';
import { isRiskChoice } from './shapes';
import { riskMatrixKeys } from './answers';
import { RISK_LEVELS, riskLevel, riskScore } from './risk-matrix';
import { visibilityTest } from './conditions';
import { answerOf, type AnswerIssue, type Answers, type FormDefinition, type Question, type QuestionType } from './types';

/**
 * Corrective actions raised from failing answers (issue 15), pure: the filler offers the
 * 'Raise corrective action' panel by these rules and the server checks a completed
 * submission's `{questionId}-action` answers by the same ones before it creates the actions.
 *
 * A failing answer is a risk matrix score at or above High (ACTION_RISK_SCORE, 10), or 'No' on a
 * radiobutton, list or combobox question marked `raisesAction` that has a 'No' option.
 */

/** The answer key of the action raised under question `id`. */
export const actionKey = (id: string) => `${id}-action`;

/** The priorities of an action as the answer carries them (the Priority enum's display values). */
export const ACTION_PRIORITIES = ['low', 'moderate', 'high'] as const;
export type ActionPriority = (typeof ACTION_PRIORITIES)[number];

/** An action as the answers carry it (`{questionId}-action`). */
export interface ActionAnswer {
  description: string;
  assigneeId: string | null;
  priority: ActionPriority;
  /** 'YYYY-MM-DD' */
  dueDate: string;
}

/** The Priority enum's wire value of an answer's priority ('high' is HIGH). */
export const priorityKey = (p: ActionPriority) => p.toUpperCase() as 'LOW' | 'MODERATE' | 'HIGH';

/** Question types whose 'No' may raise an action (the designer offers the checkbox on these). */
export const NO_RAISING_TYPES: readonly QuestionType[] = ['radiobutton', 'list', 'combobox'];

const isNo = (v: unknown) => typeof v === 'string' && v.trim().toLowerCase() === 'no';

/** Whether a question of this type with these options can be marked 'Raise a corrective action on No'. */
export function canRaiseOnNo(q: Pick<Question, 'questionType' | 'options'>): boolean {
  return NO_RAISING_TYPES.includes(q.questionType) && (q.options ?? []).some((o) => isNo(o.value));
}

/** Why an answer fails: what the action records (the answer or the score) and the priority it suggests. */
export interface FailingAnswer {
  question: Question;
  /** The answer as people read it: 'No', or 'High (12)'. */
  answer: string;
  /** The risk score, for risk matrix questions. */
  riskScore: number | null;
  /** The suggested priority: high for a High or Catastrophic score, moderate for a 'No'. */
  priority: ActionPriority;
}

/** The failing answer of question `q` in `answers`, or null when it passes (or is unanswered). */
export function failingAnswer(q: Question, answers: Answers): FailingAnswer | null {
  if (q.questionType === 'riskMatrix') {
    const keys = riskMatrixKeys(q.id);
    const [c, l] = [answerOf(answers, keys.consequence), answerOf(answers, keys.likelihood)];
    if (!isRiskChoice(c) || !isRiskChoice(l)) return null;
    const score = riskScore(c, l);
    if (score < ACTION_RISK_SCORE) return null;
    return { question: q, answer: `${RISK_LEVELS[riskLevel(score)].label} (${score})`, riskScore: score, priority: 'high' };
  }
  if (q.raisesAction && canRaiseOnNo(q) && isNo(answerOf(answers, q.id)))
    return { question: q, answer: String(answerOf(answers, q.id)).trim(), riskScore: null, priority: 'moderate' };
  return null;
}

/** Every visible question whose answer fails, in form order. */
export function failingAnswers(def: FormDefinition, answers: Answers): FailingAnswer[] {
  const visible = visibilityTest(def, answers);
  return allQuestions(def).flatMap((q) => {
    const failing = visible(q) ? failingAnswer(q, answers) : null;
    return failing ? [failing] : [];
  });
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-30), as a UTC day number; null otherwise. */
function dayNumber(day: unknown): number | null {
  if (typeof day !== 'string') return null;
  const m = DAY.exec(day);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return null;
  return ms / DAY_MS;
}

const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The due date of an action of `priority` raised on `today` ('YYYY-MM-DD'): high 7, moderate 14, low 30 days later. */
export function defaultDueDate(priority: ActionPriority, today: string): string {
  const n = dayNumber(today);
  if (n === null) throw new Error(`Not a day: ${today}`);
  return dayOf(n + ACTION_DUE_DAYS[priorityKey(priority)]);
}

/** The action the panel starts with for a failing answer: its description, suggested priority and due date. */
export function draftAction(failing: FailingAnswer, today: string): ActionAnswer {
  const title = failing.question.title.trim() || 'Question';
  return {
    description: `${title}: ${failing.answer}`,
    assigneeId: null,
    priority: failing.priority,
    dueDate: defaultDueDate(failing.priority, today),
  };
}

export const actionMessages = {
  notFailing: 'A corrective action can only be raised on a failing answer (a High or Catastrophic risk, or a No)',
  shape: 'The corrective action is not valid',
  description: 'Please describe the corrective action',
  descriptionTooLong: `The description can be at most ${ACTION_DESCRIPTION_MAX} characters`,
  priority: 'Please choose a priority: low, moderate or high',
  dueDate: 'Please choose a due date',
  dueDatePast: 'The due date cannot be in the past',
  dueDateFar: 'The due date can be at most a year away',
  assignee: 'The assignee must be a user of your organisation',
  assigneeInactive: 'The assignee’s account has been deactivated: please choose an active colleague',
  raised: 'Successfully raised corrective action',
  closed: 'Successfully closed action',
  closeFailed: 'Error closing action',
  saved: 'Successfully saved action',
  saveFailed: 'Error saving action',
  closingComment: 'A comment is required to close an action',
  closingOnly: 'The closing comment and photo are written when the action is closed',
  commentTooLong: `The comment can be at most ${ACTION_COMMENT_MAX} characters`,
  closedAlready: 'This action is closed: a manager can reopen it',
  assigneeCloseOnly: 'As the assignee you can close this action; only a manager can change it',
  createdBySubmission: 'Corrective actions are raised from a failing answer of a submission',
  closingPhoto: 'The closing photo must be an image',
} as const;

export interface ActionCheckOptions {
  /** The day of the check ('YYYY-MM-DD'). */
  today: string;
  /** How many days before `today` a due date may still be (the filler: 0; the server: ACTION_DUE_GRACE_DAYS of constants.ts). */
  graceDays?: number;
}

/** The issues of one action answer's own fields (not whether its question fails), path `{id}-action`. */
export function actionAnswerIssues(id: string, value: unknown, options: ActionCheckOptions): AnswerIssue[] {
  const path = actionKey(id);
  const issue = (message: string) => [{ path, message }];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return issue(actionMessages.shape);
  const a = value as Record<string, unknown>;
  const allowed = new Set(['description', 'assigneeId', 'priority', 'dueDate']);
  if (Object.keys(a).some((k) => !allowed.has(k))) return issue(actionMessages.shape);
  if (typeof a.description !== 'string' || a.description.trim() === '') return issue(actionMessages.description);
  if (a.description.length > ACTION_DESCRIPTION_MAX) return issue(actionMessages.descriptionTooLong);
  if (a.assigneeId !== null && a.assigneeId !== undefined && typeof a.assigneeId !== 'string') return issue(actionMessages.assignee);
  if (typeof a.priority !== 'string' || !(ACTION_PRIORITIES as readonly string[]).includes(a.priority))
    return issue(actionMessages.priority);
  const dueIssue = dueDateIssue(a.dueDate, options);
  return dueIssue ? issue(dueIssue) : [];
}

/**
 * Why an action's due date is refused, or null: every path that sets one (a submission's action
 * answer, a manager's change, a bulk update, an administrator's create) keeps it between
 * `today` (less `graceDays`) and ACTION_DUE_MAX_DAYS ahead.
 */
export function dueDateIssue(dueDate: unknown, options: ActionCheckOptions): string | null {
  const due = dayNumber(dueDate);
  if (due === null) return actionMessages.dueDate;
  const today = dayNumber(options.today);
  if (today !== null && due < today - (options.graceDays ?? 0)) return actionMessages.dueDatePast;
  if (today !== null && due > today + ACTION_DUE_MAX_DAYS) return actionMessages.dueDateFar;
  return null;
}

/** The action answers' keys in `answers` (`{id}-action`) with their question ids. */
export function actionEntries(answers: Answers): { id: string; key: string; value: unknown }[] {
  return Object.keys(answers)
    .filter((k) => k.endsWith('-action') && k.length > '-action'.length)
    .map((key) => ({ id: key.slice(0, -'-action'.length), key, value: answerOf(answers, key) }));
}

/**
 * Every issue of the action answers of a submission: each names a visible question whose
 * answer fails (a forged action under a passing answer, or under no question, is refused) and
 * is well formed. The server passes ACTION_DUE_GRACE_DAYS (a submission filled offline may
 * arrive days later); the assignee's organisation is the server's to check.
 */
export function actionIssues(def: FormDefinition, answers: Answers, options: ActionCheckOptions): AnswerIssue[] {
  const failing = new Map(failingAnswers(def, answers).map((f) => [f.question.id, f]));
  const issues: AnswerIssue[] = [];
  for (const { id, key, value } of actionEntries(answers)) {
    if (value === null || value === undefined) continue;
    if (!failing.has(id)) {
      issues.push({ path: key, message: actionMessages.notFailing });
      continue;
    }
    issues.push(...actionAnswerIssues(id, value, options));
  }
  return issues;
}

/**
 * The answers without action answers whose question no longer fails (the answer was changed
 * back to a pass after raising): the filler sends only actions the server will take.
 */
export function dropStaleActions(def: FormDefinition, answers: Answers): Answers {
  const failing = new Set(failingAnswers(def, answers).map((f) => f.question.id));
  const stale = actionEntries(answers).filter((e) => !failing.has(e.id));
  if (!stale.length) return answers;
  const out = { ...answers };
  for (const e of stale) delete out[e.key];
  return out;
}

/** The actions a completed submission raises: each failing answer with its well-formed action answer. */
export function raisedActions(def: FormDefinition, answers: Answers): { failing: FailingAnswer; action: ActionAnswer }[] {
  return failingAnswers(def, answers).flatMap((failing) => {
    const value = answerOf(answers, actionKey(failing.question.id));
    if (!value || typeof value !== 'object') return [];
    const a = value as ActionAnswer;
    return [{ failing, action: { ...a, assigneeId: a.assigneeId ?? null, description: a.description.trim() } }];
  });
}
