import {
  answerOf,
  type Answers,
  type ConditionOperator,
  type FormDefinition,
  type Question,
  type QuestionType,
  type ShowCondition,
} from './types';
import { allQuestions } from './definition';
import { canvasKeys, hasDrawing, isBlankAnswer, riskMatrixKeys } from './answers';
import { parseDay, parseInstant } from './dates';

const EQ: ConditionOperator[] = ['equal', 'notEqual'];
const COMPARE: ConditionOperator[] = ['greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'];
const TEXT: ConditionOperator[] = [...EQ, 'contains'];

/** The operators the designer offers for a condition on each question type (spec section 5). */
export const OPERATORS_BY_TYPE: Record<QuestionType, ConditionOperator[]> = {
  checkbox: EQ,
  text: TEXT,
  textArea: TEXT,
  jobNumber: TEXT,
  jobAddress: TEXT,
  number: [...EQ, 'contains', ...COMPARE],
  date: [...EQ, ...COMPARE],
  datetime: [...EQ, ...COMPARE],
  radiobutton: ['equal'],
  combobox: EQ,
  list: EQ,
  multicombobox: [...EQ, 'contains'],
  riskMatrix: EQ,
  canvasDraw: EQ,
  selectUserProfile: EQ,
  statement: [],
  formSection: [],
};

/** A condition value may be one value or a list of them. */
const valuesOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function toBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  const t = text(v).toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : undefined;
}

/** Sign of answer minus condition value, or undefined when either side is not comparable. */
type Comparer = (answer: unknown, value: unknown) => number | undefined;

const compareNumbers: Comparer = (a, b) => {
  const x = toNumber(a);
  const y = toNumber(b);
  return x === undefined || y === undefined ? undefined : Math.sign(x - y);
};

const dateComparer =
  (parse: (v: unknown) => Date | undefined, unitMs: number): Comparer =>
  (a, b) => {
    const x = parse(a);
    const y = parse(b);
    // Pickers work to the minute (datetime) or day (date), so finer differences do not count.
    return x === undefined || y === undefined ? undefined : Math.sign(Math.floor(x.getTime() / unitMs) - Math.floor(y.getTime() / unitMs));
  };

const compareDays = dateComparer(parseDay, 1);
const compareInstants = dateComparer(parseInstant, 60_000);

function ordered(op: ConditionOperator, sign: number | undefined): boolean {
  if (sign === undefined) return false;
  switch (op) {
    case 'equal':
      return sign === 0;
    case 'greaterThan':
      return sign > 0;
    case 'greaterThanOrEqual':
      return sign >= 0;
    case 'lessThan':
      return sign < 0;
    case 'lessThanOrEqual':
      return sign <= 0;
    default:
      return false;
  }
}

/** equal, contains and the comparisons; notEqual is always the negation of equal. */
function holds(type: QuestionType | undefined, op: ConditionOperator, answer: unknown, value: unknown): boolean {
  const values = valuesOf(value);
  switch (type) {
    case 'checkbox':
      // An untouched checkbox is unticked.
      return values.some((v) => toBool(v) === (answer === true));
    case 'canvasDraw':
      return values.some((v) => toBool(v) === hasDrawing(answer));
    case 'number':
    case 'riskMatrix':
      if (op === 'contains') return !isBlankAnswer(answer) && values.some((v) => text(answer).includes(text(v)));
      return values.some((v) => ordered(op, compareNumbers(answer, v)));
    case 'date':
      return values.some((v) => ordered(op, compareDays(answer, v)));
    case 'datetime':
      return values.some((v) => ordered(op, compareInstants(answer, v)));
    case 'multicombobox':
    case 'selectUserProfile': {
      const chosen = Array.isArray(answer) ? answer.map(text) : [];
      const wanted = values.map(text);
      // equal: every chosen value is one of the condition values; contains: any of them is chosen.
      if (op === 'contains') return chosen.some((c) => wanted.includes(c));
      return chosen.length > 0 && chosen.every((c) => wanted.includes(c));
    }
    default: {
      // Text-like and single-choice answers: typed text is compared ignoring case and spaces.
      if (isBlankAnswer(answer)) return false;
      const a = text(answer).toLowerCase();
      if (op === 'contains') return values.some((v) => text(v) !== '' && a.includes(text(v).toLowerCase()));
      return values.some((v) => a === text(v).toLowerCase());
    }
  }
}

/** The value a condition on this question compares: its answer, score or drawing. */
function comparedAnswer(target: Question, answers: Answers): unknown {
  if (target.questionType === 'riskMatrix') {
    const keys = riskMatrixKeys(target.id);
    const c = toNumber(answerOf(answers, keys.consequence));
    const l = toNumber(answerOf(answers, keys.likelihood));
    // The score follows from the two choices; a stored score counts only without them.
    return c !== undefined && l !== undefined ? c * l : answerOf(answers, keys.score);
  }
  if (target.questionType === 'canvasDraw') return answerOf(answers, canvasKeys(target.id).data);
  return answerOf(answers, target.id);
}

/**
 * Whether the condition holds for the target question's answer. A missing target has an absent
 * answer, so only notEqual holds; an operator the target's type does not offer never holds.
 */
export function conditionHolds(target: Question | undefined, cond: ShowCondition, answers: Answers): boolean {
  if (target && !OPERATORS_BY_TYPE[target.questionType].includes(cond.condition)) return false;
  const answer = target ? comparedAnswer(target, answers) : undefined;
  const type = target?.questionType;
  if (cond.condition === 'notEqual') return !holds(type, 'equal', answer, cond.value);
  return holds(type, cond.condition, answer, cond.value);
}

/** A visibility evaluator for one set of answers, caching each question's result. */
function visibility(def: FormDefinition, answers: Answers): (q: Question) => boolean {
  const byId = new Map<string, Question>();
  const parent = new Map<string, Question>();
  for (const q of allQuestions(def)) {
    byId.set(q.id, q);
    for (const child of q.contents ?? []) parent.set(child.id, q);
  }
  const cache = new Map<string, boolean>();
  const visiting = new Set<string>();
  const visible = (q: Question): boolean => {
    const known = cache.get(q.id);
    if (known !== undefined) return known;
    // A cycle of conditions (a designer mistake) is broken by taking the repeated question as shown.
    if (visiting.has(q.id)) return true;
    visiting.add(q.id);
    const section = parent.get(q.id);
    const result =
      (!section || visible(section)) &&
      (q.showConditions ?? []).every((cond) => {
        const target = byId.get(cond.path);
        // A hidden question's answer is about to be removed, so it counts as absent.
        return conditionHolds(target, cond, target && !visible(target) ? {} : answers);
      });
    visiting.delete(q.id);
    cache.set(q.id, result);
    return result;
  };
  return visible;
}

/** Shown when all its conditions hold (none: always) and its formSection, if any, is shown. */
export function isVisible(question: Question, def: FormDefinition, answers: Answers): boolean {
  return visibility(def, answers)(question);
}

export function visibleQuestions(def: FormDefinition, answers: Answers): Question[] {
  const visible = visibility(def, answers);
  return allQuestions(def).filter(visible);
}

/** A per-answers visibility test for checking many questions at once. */
export function visibilityTest(def: FormDefinition, answers: Answers): (q: Question) => boolean {
  return visibility(def, answers);
}
