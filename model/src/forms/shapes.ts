import { answerOf, type AnswerIssue, type Answers, type FormDefinition, type Question } from './types';
import { allQuestions } from './definition';
import { canvasKeys, riskMatrixKeys } from './answers';
import { parseDay, parseInstant } from './dates';
import { riskScore } from './risk-matrix';

/**
 * The shape of each stored answer (see answers.ts), checked where the client cannot be
 * trusted: the server refuses a save whose answers have the wrong type, and recomputes the
 * risk score from the two choices whatever the client sent.
 */
export const answerShapeMessages = {
  text: 'The answer must be text',
  number: 'The answer must be a number',
  checkbox: 'The answer must be true or false',
  date: 'The answer must be a date (YYYY-MM-DD)',
  datetime: 'The answer must be a date and time',
  options: 'The answer must be a list of options',
  users: 'The answer must be a list of user ids',
  drawing: 'The drawing is not valid',
  drawingTooLarge: 'The drawing is too large',
  riskMatrix: 'The risk matrix answer is not valid',
  notAnOption: 'The answer is not one of the options of this question',
} as const;

/**
 * What a drawing answer may be: a PNG data URL of a drawing-sized picture. The canvas is
 * 400x300 css px; 4000 px a side leaves room for any device pixel ratio. Anything else could
 * make decoding the picture (for the PDF) cost gigabytes of memory.
 */
export const DRAWING_LIMITS = {
  prefix: 'data:image/png;base64,',
  /** Characters of base64 after the prefix (about 1.5 MB of PNG). */
  maxBase64Length: 2 * 1024 * 1024,
  maxWidth: 4000,
  maxHeight: 4000,
} as const;

/** Samples per pixel of each PNG colour type (grey, RGB, palette, grey+alpha, RGBA). */
export const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * PNG formats a drawing may use, those the PDF renderer decodes safely: 8 bits per sample
 * (any colour type) or 16 (not a palette), never interlaced.
 */
export function isSupportedPngFormat(bitDepth: number, colourType: number, interlace = 0): boolean {
  if (interlace !== 0 || !(colourType in PNG_CHANNELS)) return false;
  return bitDepth === 8 || (bitDepth === 16 && colourType !== 3);
}

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  compression: number;
  filter: number;
  interlace: number;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The first `count` bytes of padded base64 text (fewer when it is shorter), or null when it is not base64. */
function base64Bytes(text: string, count: number): number[] | null {
  const out: number[] = [];
  const chars = text.slice(0, Math.ceil(count / 3) * 4);
  for (let i = 0; i + 4 <= chars.length && out.length < count; i += 4) {
    const quad = [...chars.slice(i, i + 4)].map((c) => (c === '=' ? 0 : B64.indexOf(c)));
    if (quad.some((n) => n < 0)) return null;
    const n = (quad[0] << 18) | (quad[1] << 12) | (quad[2] << 6) | quad[3];
    out.push((n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
  }
  return out.slice(0, count);
}

const uint32 = (b: number[], at: number) => b[at] * 0x1000000 + b[at + 1] * 0x10000 + b[at + 2] * 0x100 + b[at + 3];

/** The IHDR of a PNG (signature, then a 13-byte IHDR chunk), or null when the bytes are no PNG. */
export function readPngHeader(bytes: number[]): PngHeader | null {
  if (bytes.length < 29 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  if (uint32(bytes, 8) !== 13 || String.fromCharCode(...bytes.slice(12, 16)) !== 'IHDR') return null;
  return {
    width: uint32(bytes, 16),
    height: uint32(bytes, 20),
    bitDepth: bytes[24],
    colourType: bytes[25],
    compression: bytes[26],
    filter: bytes[27],
    interlace: bytes[28],
  };
}

/** Why a drawing's data URL is refused, or null: a PNG of drawing size in a supported format. */
export function drawingUrlError(url: string): string | null {
  if (url === '') return null;
  if (!url.startsWith(DRAWING_LIMITS.prefix)) return answerShapeMessages.drawing;
  const data = url.slice(DRAWING_LIMITS.prefix.length);
  if (data.length > DRAWING_LIMITS.maxBase64Length) return answerShapeMessages.drawingTooLarge;
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return answerShapeMessages.drawing;
  const bytes = base64Bytes(data, 29);
  const h = bytes && readPngHeader(bytes);
  if (!h || h.width < 1 || h.height < 1 || h.compression !== 0 || h.filter !== 0) return answerShapeMessages.drawing;
  if (!isSupportedPngFormat(h.bitDepth, h.colourType, h.interlace)) return answerShapeMessages.drawing;
  if (h.width > DRAWING_LIMITS.maxWidth || h.height > DRAWING_LIMITS.maxHeight) return answerShapeMessages.drawingTooLarge;
  return null;
}

/** Single and multiple choices must name the question's own options (an empty text is no answer). */
function optionError(q: Question, v: unknown): string | null {
  const values = new Set((q.options ?? []).map((o) => o.value));
  const chosen = Array.isArray(v) ? v : [v];
  return chosen.every((x) => x === '' || values.has(x as string)) ? null : answerShapeMessages.notAnOption;
}

/** A consequence or likelihood choice: a whole number 1..5. */
export const isRiskChoice = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 5;

const given = (v: unknown): boolean => v !== undefined && v !== null;
const isText = (v: unknown): boolean => typeof v === 'string';
const isTextList = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The message when the question's answer has the wrong shape, or null (an absent or null answer is no answer). */
function shapeError(q: Question, answers: Answers): string | null {
  const v = answerOf(answers, q.id);
  switch (q.questionType) {
    case 'statement':
    case 'formSection':
      return null;
    case 'riskMatrix': {
      const keys = riskMatrixKeys(q.id);
      const [c, l, s] = [answerOf(answers, keys.consequence), answerOf(answers, keys.likelihood), answerOf(answers, keys.score)];
      if (!given(c) && !given(l) && !given(s)) return null;
      // Both choices or nothing: a score alone, or one choice without the other, is no answer.
      return isRiskChoice(c) && isRiskChoice(l) ? null : answerShapeMessages.riskMatrix;
    }
    case 'canvasDraw': {
      const keys = canvasKeys(q.id);
      const [data, url] = [answerOf(answers, keys.data), answerOf(answers, keys.dataURL)];
      if (given(data) && !isText(data)) return answerShapeMessages.drawing;
      if (!given(url)) return null;
      return isText(url) ? drawingUrlError(url as string) : answerShapeMessages.drawing;
    }
    default:
      if (!given(v)) return null;
  }
  switch (q.questionType) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? null : answerShapeMessages.number;
    case 'checkbox':
      return typeof v === 'boolean' ? null : answerShapeMessages.checkbox;
    case 'date':
      return isText(v) && ((v as string).trim() === '' || parseDay(v)) ? null : answerShapeMessages.date;
    case 'datetime':
      return isText(v) && ((v as string).trim() === '' || parseInstant(v)) ? null : answerShapeMessages.datetime;
    case 'multicombobox':
      return isTextList(v) ? optionError(q, v) : answerShapeMessages.options;
    case 'radiobutton':
    case 'combobox':
    case 'list':
      return isText(v) ? optionError(q, v) : answerShapeMessages.text;
    case 'selectUserProfile':
      return isTextList(v) ? null : answerShapeMessages.users;
    default:
      // text, textArea, jobNumber, jobAddress.
      return isText(v) ? null : answerShapeMessages.text;
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
