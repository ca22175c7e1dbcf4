import { answerOf, type Answers, type FormDefinition, type Question } from './types';
import { allQuestions } from './definition';
import { visibilityTest } from './conditions';
import { numberMessages } from './messages';
import { photoKey } from './photos';

/**
 * Answer shapes, keyed by question id unless stated:
 * - text, textArea, jobNumber, jobAddress: string
 * - number: number
 * - checkbox: boolean (a required checkbox must be ticked)
 * - date: 'YYYY-MM-DD'; datetime: ISO 8601 string
 * - radiobutton, combobox, list: the chosen option's `value` string
 * - multicombobox: string[] of option values; selectUserProfile: string[] of account ids
 * - riskMatrix: `{id}-selectedConsequence` (1..5), `{id}-selectedLikelihood` (1..5) and
 *   `{id}-riskScore` (their product)
 * - canvasDraw: `{id}-canvas-draw-data-string` (JSON text of the strokes) and
 *   `{id}-canvas-draw-dataURL` (PNG data URL)
 * - statement and formSection: no answer
 */

export const riskMatrixKeys = (id: string) => ({
  consequence: `${id}-selectedConsequence`,
  likelihood: `${id}-selectedLikelihood`,
  score: `${id}-riskScore`,
});

export const canvasKeys = (id: string) => ({
  data: `${id}-canvas-draw-data-string`,
  dataURL: `${id}-canvas-draw-dataURL`,
});

/** Every key under which the question's answer is stored, its photos' included (forms/photos.ts). */
export function answerKeys(q: Question): string[] {
  switch (q.questionType) {
    case 'statement':
    case 'formSection':
      return [];
    case 'riskMatrix':
      return [...Object.values(riskMatrixKeys(q.id)), photoKey(q.id)];
    case 'canvasDraw':
      return [...Object.values(canvasKeys(q.id)), photoKey(q.id)];
    default:
      return [q.id, photoKey(q.id)];
  }
}

export function isBlankAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const isChoice = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 5;

/** Whether a canvas holds strokes: an empty canvas still saves JSON, with no lines in it. */
export function hasDrawing(dataString: unknown): boolean {
  if (typeof dataString !== 'string' || dataString.trim() === '') return false;
  try {
    const parsed: unknown = JSON.parse(dataString);
    if (Array.isArray(parsed)) return parsed.length > 0;
    if (parsed && typeof parsed === 'object' && 'lines' in parsed && Array.isArray(parsed.lines)) return parsed.lines.length > 0;
  } catch {
    // Not JSON: a non-empty string of some other drawing format still counts as drawn.
  }
  return true;
}

export function isAnswered(q: Question, answers: Answers): boolean {
  switch (q.questionType) {
    case 'statement':
    case 'formSection':
      return false;
    case 'checkbox':
      return answerOf(answers, q.id) === true;
    case 'riskMatrix': {
      const keys = riskMatrixKeys(q.id);
      return isChoice(answerOf(answers, keys.consequence)) && isChoice(answerOf(answers, keys.likelihood));
    }
    case 'canvasDraw':
      return hasDrawing(answerOf(answers, canvasKeys(q.id).data));
    default:
      return !isBlankAnswer(answerOf(answers, q.id));
  }
}

/** The answers without those of hidden questions (done before saving a draft or submitting). */
export function removeHiddenAnswers(def: FormDefinition, answers: Answers): Answers {
  const visible = visibilityTest(def, answers);
  const out: Answers = { ...answers };
  for (const q of allQuestions(def)) {
    if (!visible(q)) {
      for (const key of answerKeys(q)) delete out[key];
      // A corrective action raised under a hidden answer goes with it.
      delete out[`${q.id}-action`];
    }
  }
  return out;
}

export interface NumberInputResult {
  value: number | undefined;
  error?: string;
}

// Plain decimal notation only: Number() would also accept '0x1f', '1e3' and 'Infinity'.
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** Reads a number field's text as typed: '' is no value and a lone '-' is the start of one. */
export function parseNumberInput(text: string, wholeOnly: boolean): NumberInputResult {
  const t = text.trim();
  if (t === '' || t === '-') return { value: undefined };
  if (!DECIMAL.test(t)) return { value: undefined, error: numberMessages.notNumber };
  const value = Number(t);
  if (wholeOnly && !Number.isInteger(value)) return { value: undefined, error: numberMessages.notWhole };
  return { value };
}
