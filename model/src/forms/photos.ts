import { answerOf, type AnswerIssue, type Answers, type FormDefinition, type Question } from './types';
import { allQuestions } from './definition';

/**
 * Photo evidence (docs/forms.md, Photo evidence). A question's photos are stored under
 * `{questionId}-photos`: a list of references, each the id of a FormPhotoEntity row, or
 * `local:<uuid>` for a photo taken offline that waits on the device to be uploaded. The
 * server accepts ids only; the device's outbox uploads local photos first.
 */

export const PHOTO_LIMITS = {
  /** Photos one question may hold. */
  perQuestion: 20,
  /** Photos one submission may hold, all questions together. */
  perSubmission: 100,
  /** The longest side of a photo after the device resized it, in pixels. */
  longestSide: 2000,
  /** The longest side of a photo's thumbnail, in pixels. */
  thumbnailSide: 400,
} as const;

/** The prefix of a reference to a photo still on the device. */
export const LOCAL_PHOTO_PREFIX = 'local:';

export const photoMessages = {
  notAList: 'The photos must be a list of photo references',
  tooManyOnQuestion: `A question can have at most ${PHOTO_LIMITS.perQuestion} photos`,
  tooManyOnSubmission: `A form can have at most ${PHOTO_LIMITS.perSubmission} photos`,
  badReference: 'A photo reference is not valid',
  notUploaded: 'A photo has not been uploaded yet: connect to the internet and send the form again so the photo is uploaded first.',
  notAQuestion: 'Photos can only be added to a question of this form',
  notFound: 'A photo of this form does not exist or is not yours',
  elsewhere: 'A photo of this form belongs to another submission',
  duplicate: 'The same photo is added twice',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const SUFFIX = '-photos';

/** The answer key of a question's photos. */
export const photoKey = (questionId: string): string => `${questionId}${SUFFIX}`;

/** Whether a question may carry photos: every question with an answer (not statements nor sections). */
export const takesPhotos = (q: Question): boolean => q.questionType !== 'statement' && q.questionType !== 'formSection';

/** A reference to a photo still on the device (`local:<uuid>`). */
export const isLocalPhoto = (ref: unknown): ref is string =>
  typeof ref === 'string' && ref.startsWith(LOCAL_PHOTO_PREFIX) && UUID.test(ref.slice(LOCAL_PHOTO_PREFIX.length));

/** A reference to an uploaded photo: a FormPhotoEntity id. */
export const isPhotoId = (ref: unknown): ref is string => typeof ref === 'string' && UUID.test(ref);

/** The photo references of an answer value (anything that is not a list of strings gives none). */
export function photoRefsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Each photo question's references, in form order (questions without photos left out). */
export function photoAnswers(def: FormDefinition, answers: Answers): { question: Question; refs: string[] }[] {
  const out: { question: Question; refs: string[] }[] = [];
  for (const q of allQuestions(def)) {
    if (!takesPhotos(q) || !Object.hasOwn(answers, photoKey(q.id))) continue;
    const refs = photoRefsOf(answerOf(answers, photoKey(q.id)));
    if (refs.length) out.push({ question: q, refs });
  }
  return out;
}

/**
 * What is wrong with the photo answers (path: the photos key): a value that is not a list of
 * references, too many photos, a key of no photo question. `allowLocal`: the device's own check,
 * where photos taken offline are still `local:` references; the server refuses them.
 */
export function photoAnswerIssues(def: FormDefinition, answers: Answers, allowLocal = false): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const keys = new Set(
    allQuestions(def)
      .filter(takesPhotos)
      .map((q) => photoKey(q.id)),
  );
  // Answer keys of questions: a question whose own id ends in '-photos' is not a photo key.
  const questionIds = new Set(allQuestions(def).map((q) => q.id));
  let total = 0;
  for (const key of Object.keys(answers)) {
    if (!key.endsWith(SUFFIX) || questionIds.has(key)) continue;
    const value = answerOf(answers, key);
    if (value === null || value === undefined) continue;
    if (!keys.has(key)) {
      issues.push({ path: key, message: photoMessages.notAQuestion });
      continue;
    }
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      issues.push({ path: key, message: photoMessages.notAList });
      continue;
    }
    const refs = value as string[];
    total += refs.length;
    if (refs.length > PHOTO_LIMITS.perQuestion) issues.push({ path: key, message: photoMessages.tooManyOnQuestion });
    else if (new Set(refs).size !== refs.length) issues.push({ path: key, message: photoMessages.duplicate });
    else if (!allowLocal && refs.some(isLocalPhoto)) issues.push({ path: key, message: photoMessages.notUploaded });
    else if (refs.some((r) => !isPhotoId(r) && !(allowLocal && isLocalPhoto(r))))
      issues.push({ path: key, message: photoMessages.badReference });
  }
  if (!issues.length && total > PHOTO_LIMITS.perSubmission) issues.push({ path: 'photos', message: photoMessages.tooManyOnSubmission });
  return issues;
}

/**
 * The size of a resized photo: its longest side at most `longest` pixels, never enlarged,
 * the proportions kept (each side at least 1 pixel).
 */
export function fitWithin(width: number, height: number, longest: number): { width: number; height: number } {
  const side = Math.max(width, height);
  if (side <= longest) return { width, height };
  const scale = longest / side;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
