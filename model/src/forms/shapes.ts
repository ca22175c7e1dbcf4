import type { AnswerIssue, Answers, FormDefinition, Question } from './types';
import { allQuestions } from './definition';
import { canvasKeys, riskMatrixKeys } from './answers';
import { parseDay, parseInstant } from './dates';
import { riskScore } from './risk-matrix';

/**
 * The shape of each stored answer (see answers.ts), checked where the client cannot be
 * trusted: the server refuses a save whose answers have the wrong type, and recomputes the
 * risk score from the two choices whatever the client sent.
 */
export const ANSWER_SHAPE_MESSAGES = {
  text: 'The answer must be text',
  number: 'The answer must be a number',
  checkbox: 'The answer must be true or false',
  date: 'The answer must be a date (YYYY-MM-DD)',
  datetime: 'The answer must be a date and time',
  options: 'The answer must be a list of options',
  users: 'The answer must be a list of user ids',
  drawing: 'The drawing is not valid',
  riskMatrix: 'The risk matrix answer is not valid',
  notAnOption: 'The answer is not one of the options of this question',
} as const;

/** Single and multiple choices must name the question's own options (an empty text is no answer). */
function optionError(q: Question, v: unknown): string | null {
  const values = new Set((q.options ?? []).map((o) => o.value));
  const chosen = Array.isArray(v) ? v : [v];
  return chosen.every((x) => x === '' || values.has(x as string)) ? null : ANSWER_SHAPE_MESSAGES.notAnOption;
}

/** A consequence or likelihood choice: a whole number 1..5. */
export const isRiskChoice = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 5;

const given = (v: unknown): boolean => v !== undefined && v !== null;
const isText = (v: unknown): boolean => typeof v === 'string';
const isTextList = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The message when the question's answer has the wrong shape, or null (an absent or null answer is no answer). */
function shapeError(q: Question, answers: Answers): string | null {
  const v = answers[q.id];
  switch (q.questionType) {
    case 'statement':
    case 'formSection':
      return null;
    case 'riskMatrix': {
      const keys = riskMatrixKeys(q.id);
      const [c, l, s] = [answers[keys.consequence], answers[keys.likelihood], answers[keys.score]];
      if (!given(c) && !given(l) && !given(s)) return null;
      // Both choices or nothing: a score alone, or one choice without the other, is no answer.
      return isRiskChoice(c) && isRiskChoice(l) ? null : ANSWER_SHAPE_MESSAGES.riskMatrix;
    }
    case 'canvasDraw': {
      const keys = canvasKeys(q.id);
      const [data, url] = [answers[keys.data], answers[keys.dataURL]];
      if (given(data) && !isText(data)) return ANSWER_SHAPE_MESSAGES.drawing;
      if (given(url) && (!isText(url) || (url !== '' && !(url as string).startsWith('data:image/')))) return ANSWER_SHAPE_MESSAGES.drawing;
      return null;
    }
    default:
      if (!given(v)) return null;
  }
  switch (q.questionType) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? null : ANSWER_SHAPE_MESSAGES.number;
    case 'checkbox':
      return typeof v === 'boolean' ? null : ANSWER_SHAPE_MESSAGES.checkbox;
    case 'date':
      return isText(v) && ((v as string).trim() === '' || parseDay(v)) ? null : ANSWER_SHAPE_MESSAGES.date;
    case 'datetime':
      return isText(v) && ((v as string).trim() === '' || parseInstant(v)) ? null : ANSWER_SHAPE_MESSAGES.datetime;
    case 'multicombobox':
      return isTextList(v) ? optionError(q, v) : ANSWER_SHAPE_MESSAGES.options;
    case 'radiobutton':
    case 'combobox':
    case 'list':
      return isText(v) ? optionError(q, v) : ANSWER_SHAPE_MESSAGES.text;
    case 'selectUserProfile':
      return isTextList(v) ? null : ANSWER_SHAPE_MESSAGES.users;
    default:
      // text, textArea, jobNumber, jobAddress.
      return isText(v) ? null : ANSWER_SHAPE_MESSAGES.text;
  }
}

/**
 * Answers of the definition's questions whose shape is wrong, one issue per question (path:
 * the question id). Keys of no question are not looked at.
 */
export function checkAnswerShapes(def: FormDefinition, answers: Answers): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  for (const q of allQuestions(def)) {
    const message = shapeError(q, answers);
    if (message) issues.push({ path: q.id, message });
  }
  return issues;
}

/**
 * The answers with each risk matrix score recomputed from its two choices (consequence x
 * likelihood), whatever score was sent; a score without choices is dropped. Invalid choices
 * are left as they are (checkAnswerShapes reports them).
 */
export function withRiskScores(def: FormDefinition, answers: Answers): Answers {
  const out: Answers = { ...answers };
  for (const q of allQuestions(def)) {
    if (q.questionType !== 'riskMatrix') continue;
    const keys = riskMatrixKeys(q.id);
    const [c, l] = [out[keys.consequence], out[keys.likelihood]];
    if (isRiskChoice(c) && isRiskChoice(l)) out[keys.score] = riskScore(c, l);
    else if (!given(c) && !given(l)) delete out[keys.score];
  }
  return out;
}
