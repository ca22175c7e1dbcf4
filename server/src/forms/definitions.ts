import { jsonTooDeep, jsonTooDeepMessage } from '@hub/model';
import {
  answerOf,
  answerKeys,
  isReviewSlide,
  parseFormDefinition,
  type Answers,
  type FormDefinition,
  type Question,
  type Slide,
} from '@hub/model/forms';

/** A stored form definition (JSON text as the crud selects it, or an object) parsed, or the reason it is not one. */
export function definitionOf(formData: unknown): { ok: true; definition: FormDefinition } | { ok: false; message: string } {
  let value = formData;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, message: 'The form data is not valid JSON' };
    }
  }
  if (value === null || value === undefined) return { ok: false, message: 'The form version has no form data' };
  if (jsonTooDeep(value)) return { ok: false, message: jsonTooDeepMessage };
  return parseFormDefinition(value);
}

/** Submission answers from JSON text or an object; null when they are not a JSON object (or one nested too deeply). */
export function answersOf(raw: unknown): Answers | null {
  let value = raw;
  if (value === null || value === undefined || value === '') return {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || jsonTooDeep(value)) return null;
  return value as Answers;
}

/** A slide's questions, nested formSection contents included, in reading order. */
export function questionsOf(slide: Slide): Question[] {
  const out: Question[] = [];
  const walk = (qs: Question[] | undefined) => {
    for (const q of qs ?? []) {
      out.push(q);
      walk(q.contents);
    }
  };
  walk(slide.contents);
  return out;
}

/** The questions of the review slide (none when the form has no review slide). */
export function reviewQuestions(def: FormDefinition): Question[] {
  return def.slides.filter(isReviewSlide).flatMap(questionsOf);
}

/** Answer keys that belong to the review slide. */
export function reviewKeys(def: FormDefinition): Set<string> {
  return new Set(reviewQuestions(def).flatMap(answerKeys));
}

/** The answers split into those of the review slide and all others. */
export function splitReview(def: FormDefinition, answers: Answers): { review: Answers; rest: Answers } {
  const keys = reviewKeys(def);
  const review: Answers = {};
  const rest: Answers = {};
  for (const [k, v] of Object.entries(answers)) (keys.has(k) ? review : rest)[k] = v;
  return { review, rest };
}

/** A review as its timeline event tells it: each answered review question, '<title>: <answer>'. */
export function reviewLines(def: FormDefinition, review: Answers): string[] {
  return reviewQuestions(def).flatMap((q) => {
    const v = answerOf(review, q.id);
    const text = typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
    return text ? [`${q.title.trim() || 'Review'}: ${text}`] : [];
  });
}

/** The chosen option of the review (its radio question), if any. */
export function reviewOption(def: FormDefinition, answers: Answers): string | null {
  const q = reviewQuestions(def).find((x) => x.questionType === 'radiobutton');
  const v = q ? answerOf(answers, q.id) : undefined;
  return typeof v === 'string' && v ? v : null;
}

/** Same JSON value, whatever the key order. */
export function sameAnswers(a: Answers, b: Answers): boolean {
  const norm = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(norm)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, norm((x as Answers)[k])]),
          )
        : x;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}
