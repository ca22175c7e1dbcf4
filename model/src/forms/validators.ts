import {
  answerOf,
  type AnswerIssue,
  type Answers,
  type FormDefinition,
  type Question,
  type QuestionType,
  type QuestionValidator,
} from './types';
import { allQuestions, slideQuestions } from './definition';
import { isAnswered } from './answers';
import { numberMessages, formValidatorMessages } from './messages';
import { visibilityTest } from './conditions';
import { formatDate, formatDateTime, parseDay, parseInstant } from './dates';
import { isReviewSlide } from './slides';

/** The number validators, each with its test and the message when the test fails. */
const NUMBER_RULES: Record<string, { ok: (x: number, y: number) => boolean; message: (x: number, y: number) => string }> = {
  equalNumber: { ok: (x, y) => x === y, message: (x, y) => `The value ${x} is not equal to ${y}` },
  notEqualNumber: { ok: (x, y) => x !== y, message: (x, y) => `The value ${x} must not be equal to ${y}` },
  greaterThan: { ok: (x, y) => x > y, message: (x, y) => `The value ${x} is not greater than ${y}` },
  greaterThanOrEqual: { ok: (x, y) => x >= y, message: (x, y) => `The value ${x} is not greater than or equal to ${y}` },
  lessThan: { ok: (x, y) => x < y, message: (x, y) => `The value ${x} is not less than ${y}` },
  lessThanOrEqual: { ok: (x, y) => x <= y, message: (x, y) => `The value ${x} is not less than or equal to ${y}` },
};

const TEXT_VALIDATORS = ['required', 'email', 'phone', 'custom'];
const DATE_VALIDATORS = ['required', 'past', 'future', 'after', 'before'];

/** The validators the designer offers per question type; any other is "not implemented". */
export const VALIDATORS_BY_TYPE: Record<QuestionType, string[]> = {
  text: TEXT_VALIDATORS,
  textArea: TEXT_VALIDATORS,
  jobNumber: TEXT_VALIDATORS,
  jobAddress: TEXT_VALIDATORS,
  number: ['required', ...Object.keys(NUMBER_RULES)],
  date: DATE_VALIDATORS,
  datetime: DATE_VALIDATORS,
  checkbox: ['required'],
  radiobutton: ['required'],
  list: ['required'],
  combobox: ['required'],
  multicombobox: ['required'],
  canvasDraw: ['required'],
  riskMatrix: ['required'],
  selectUserProfile: ['required'],
  statement: [],
  formSection: [],
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// 8 digits, 10 digits, or a bracketed country code followed by spaced groups: (+61) 412 345 678
const PHONE = /^(\d{8}|\d{10}|\(\+\d{1,3}\)( \d{1,4}){2,})$/;

/** A custom pattern, given bare ('^A\d+$') or slash-delimited with flags ('/^a\d+$/i'). */
function customPattern(data: unknown): RegExp | undefined {
  if (typeof data !== 'string' || data === '') return undefined;
  const literal = /^\/(.+)\/([imsu]*)$/.exec(data);
  try {
    return literal ? new RegExp(literal[1], literal[2]) : new RegExp(data);
  } catch {
    return undefined;
  }
}

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

export interface ValidateOptions {
  /**
   * The answerer's time zone is unknown (the server): a date-only answer passes 'past' when it
   * is not after today's date anywhere on earth (UTC+14) and 'future' when it is after today's
   * date somewhere (UTC-12); an after/before bound given as a wall-clock time without a zone
   * is likewise taken at its most lenient zone. The browser leaves this off and checks in its
   * own zone; datetime answers are instants and are compared exactly.
   */
  zoneSlack?: boolean;
}

const HOUR = 3_600_000;
/** The zones the world's clocks span: UTC-12 to UTC+14. */
const EARLIEST_ZONE = -12;
const LATEST_ZONE = 14;

/** A calendar day as a sortable number, e.g. 20240310. */
const dayNumber = (y: number, monthIndex: number, d: number): number => y * 10_000 + (monthIndex + 1) * 100 + d;
const localDay = (d: Date): number => dayNumber(d.getFullYear(), d.getMonth(), d.getDate());

/** The calendar day at `now` in the zone `offsetHours` from UTC. */
function dayInZone(now: Date, offsetHours: number): number {
  const d = new Date(now.getTime() + offsetHours * HOUR);
  return dayNumber(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Whether a bound is a wall-clock text without a zone (then its instant depends on the reader's zone). */
const isZoneless = (bound: unknown): boolean =>
  typeof bound === 'string' && !/[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(z|[+-]\d{2}(:?\d{2})?)$/i.test(bound.trim());

/** The wall-clock of a local Date read as if it were UTC. */
const wallClockAsUtc = (d: Date): number =>
  Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds());

/** The date rules of a date (calendar day) answer. */
function checkDay(rule: string, answer: unknown, bound: unknown, now: Date, options: ValidateOptions): string | null {
  const value = parseDay(answer);
  if (!value) return null;
  const day = localDay(value);
  if (rule === 'past') {
    // Today counts as past: the day has begun.
    const ok = options.zoneSlack ? day <= dayInZone(now, LATEST_ZONE) : value < now;
    return ok ? null : formValidatorMessages.past;
  }
  if (rule === 'future') {
    const ok = options.zoneSlack ? day > dayInZone(now, EARLIEST_ZONE) : value > now;
    return ok ? null : formValidatorMessages.future;
  }
  // The bound's own calendar day, read from its text without any time-zone conversion.
  const limit = parseDay(bound);
  if (!limit) return null;
  const shown = formatDate(limit);
  if (rule === 'after') return day > localDay(limit) ? null : formValidatorMessages.after(shown);
  return day < localDay(limit) ? null : formValidatorMessages.before(shown);
}

/** The date rules of a datetime (instant) answer. */
function checkInstant(rule: string, answer: unknown, bound: unknown, now: Date, options: ValidateOptions): string | null {
  const value = parseInstant(answer);
  if (!value) return null;
  if (rule === 'past') return value < now ? null : formValidatorMessages.past;
  if (rule === 'future') return value > now ? null : formValidatorMessages.future;
  const limit = parseInstant(bound);
  if (!limit) return null;
  // A zone-less bound is a wall-clock time, shown as written (parseInstant read it as local time).
  const shown = formatDateTime(limit);
  const slack = options.zoneSlack && isZoneless(bound);
  if (rule === 'after') {
    const earliest = slack ? wallClockAsUtc(limit) - LATEST_ZONE * HOUR : limit.getTime();
    return value.getTime() > earliest ? null : formValidatorMessages.after(shown);
  }
  const latest = slack ? wallClockAsUtc(limit) - EARLIEST_ZONE * HOUR : limit.getTime();
  return value.getTime() < latest ? null : formValidatorMessages.before(shown);
}

/** The message of one non-required validator on an answered question, or null when it passes. */
function check(v: QuestionValidator, q: Question, answer: unknown, now: Date, options: ValidateOptions): string | null {
  const rule = v.validator;
  if (['text', 'textArea', 'jobNumber', 'jobAddress'].includes(q.questionType)) {
    const value = String(answer).trim();
    if (rule === 'email') return EMAIL.test(value) ? null : formValidatorMessages.email;
    if (rule === 'phone') return PHONE.test(value) ? null : formValidatorMessages.phone;
    const pattern = customPattern(v.additionalData);
    // A missing or broken pattern is a designer mistake the filler cannot satisfy.
    if (!pattern) return formValidatorMessages.notImplemented;
    return pattern.test(value) ? null : formValidatorMessages.custom;
  }
  if (q.questionType === 'number') {
    const x = toNumber(answer);
    if (x === undefined) return numberMessages.notNumber;
    const y = toNumber(v.additionalData);
    if (y === undefined) return null;
    return NUMBER_RULES[rule].ok(x, y) ? null : NUMBER_RULES[rule].message(x, y);
  }
  // date: a calendar day, its local midnight, so today counts as past, not future; datetime: an instant.
  return q.questionType === 'date'
    ? checkDay(rule, answer, v.additionalData, now, options)
    : checkInstant(rule, answer, v.additionalData, now, options);
}

/**
 * The first failing validator's message for a question, or null. A validator checks the question
 * its path names (normally this one); validators other than required are skipped when that
 * question is unanswered. Statements and sections hold no answer and are never checked.
 */
export function validateQuestion(
  question: Question,
  def: FormDefinition,
  answers: Answers,
  now: Date = new Date(),
  options: ValidateOptions = {},
): string | null {
  if (VALIDATORS_BY_TYPE[question.questionType].length === 0) return null;
  for (const v of question.validators ?? []) {
    const target = !v.path || v.path === question.id ? question : allQuestions(def).find((q) => q.id === v.path);
    if (!target) return formValidatorMessages.missingQuestion;
    if (!VALIDATORS_BY_TYPE[target.questionType].includes(v.validator)) return formValidatorMessages.notImplemented;
    const answered = isAnswered(target, answers);
    if (v.validator === 'required') {
      if (!answered) return formValidatorMessages.required;
      continue;
    }
    if (!answered) continue;
    const message = check(v, target, answerOf(answers, target.id), now, options);
    if (message) return message;
  }
  return null;
}

function validateQuestions(
  questions: Question[],
  def: FormDefinition,
  answers: Answers,
  now: Date,
  options: ValidateOptions,
): AnswerIssue[] {
  const visible = visibilityTest(def, answers);
  const issues: AnswerIssue[] = [];
  for (const q of questions) {
    if (!visible(q)) continue;
    const message = validateQuestion(q, def, answers, now, options);
    if (message) issues.push({ path: q.id, message });
  }
  return issues;
}

/** Issues of the visible questions of one slide (0-based), as checked before moving on. */
export function validateSlide(
  def: FormDefinition,
  slideIndex: number,
  answers: Answers,
  now: Date = new Date(),
  options: ValidateOptions = {},
): AnswerIssue[] {
  const slide = def.slides[slideIndex];
  return slide ? validateQuestions(slideQuestions(slide), def, answers, now, options) : [];
}

/**
 * Issues of every visible question, checked on submit. The review slide is left out: a manager
 * reviews later (see validateReview), so its comments in particular are exempt on submit.
 */
export function validateForm(def: FormDefinition, answers: Answers, now: Date = new Date(), options: ValidateOptions = {}): AnswerIssue[] {
  const questions = def.slides.filter((s) => !isReviewSlide(s)).flatMap(slideQuestions);
  return validateQuestions(questions, def, answers, now, options);
}
