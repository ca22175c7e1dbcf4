import { getEntity, isUuid, messages, type ValidationIssue } from '@hub/model';
import {
  answerOf,
  answerShapeMessages,
  allQuestions,
  answerKeys,
  canvasKeys,
  checkAnswerShapes,
  visibilityTest,
  type AnswerIssue,
  type Answers,
  type FormDefinition,
} from '@hub/model/forms';
import { submissionAccessMessages } from '../access/forms';
import { ValidationError } from '../core/errors';
import { SYSTEM_CALLER } from '../crud/hooks';
import { listRecords } from '../crud/list';
import type { Db } from '../db/client';
import { definitionOf, sameAnswers } from './definitions';
import { safeDrawingPng } from './drawing-png';
import type { Person } from './notify';

/* What a submission save reads and checks: its form version, its stored row, the shape of its answers. */

export const submissionMessages = {
  /** The title of a review's timeline event (back-office 4: a 'Form Reviewed' event). */
  formReviewed: 'Form Reviewed',
  versionRequired: 'The form version is required',
  versionMissing: 'The selected form version does not exist',
  badJson: 'The submission data is not valid JSON',
  onlyCompleted: submissionAccessMessages.onlyCompleted,
  noReviewSlide: 'This form has no review slide',
  unknownUser: 'The selected user does not exist',
} as const;

export const SUBMISSIONS = () => getEntity('FormSubmissionsEntity');

export interface Version {
  id: string;
  formId: string;
  version: number | null;
  formData: string | null;
  form: { id: string; name: string; formType: string } | null;
}

export interface Stored {
  id: string;
  isCompleted: boolean;
  submissionData: string | null;
  formVersionId: string | null;
  formReviewRequestId: string | null;
  mehubAccountId: string | null;
  mehubAccount: (Person & { memberOrganisationId: string | null }) | null;
}

export const invalid = (path: string, message: string, code: ValidationIssue['code'] = 'invalid') =>
  new ValidationError([{ path, code, message }]);

/** Answer issues as crud validation issues under submissionData. */
export function answerIssues(issues: AnswerIssue[]): ValidationError {
  return new ValidationError(
    issues.map((i) => ({
      path: `submissionData.${i.path}`,
      code: i.message === messages.required ? 'required' : 'invalid',
      message: i.message,
    })),
  );
}

/**
 * Date rules on the server allow for the answerer's unknown time zone (see ValidateOptions):
 * the browser already checked them strictly in its own zone.
 */
export const SERVER_RULES = { zoneSlack: true } as const;

/** Refuses answers of the wrong shape (a risk matrix out of range, a list that is not one...). */
export function assertShapes(def: FormDefinition, answers: Answers): void {
  const issues = checkAnswerShapes(def, answers);
  // The model reads a drawing's PNG header; here its image data must decode too, as the PDF decodes it.
  const refused = new Set(issues.map((i) => i.path));
  for (const q of allQuestions(def)) {
    if (q.questionType !== 'canvasDraw' || refused.has(q.id)) continue;
    const url = answerOf(answers, canvasKeys(q.id).dataURL);
    if (typeof url === 'string' && url !== '' && !safeDrawingPng(url)) issues.push({ path: q.id, message: answerShapeMessages.drawing });
  }
  if (issues.length) throw answerIssues(issues);
}

/**
 * Refuses user-select answers naming anyone but accounts of the owner's organisation (the
 * PDF and the notifications show their names and mail them): without an owner in an
 * organisation, no user can be selected.
 */
export async function assertSelectedUsers(tx: Db, def: FormDefinition, answers: Answers, ownerId: unknown): Promise<void> {
  const selected = allQuestions(def)
    .filter(
      (q) =>
        q.questionType === 'selectUserProfile' && Array.isArray(answerOf(answers, q.id)) && (answerOf(answers, q.id) as unknown[]).length,
    )
    .map((q) => ({ id: q.id, users: (answerOf(answers, q.id) as unknown[]).map(String) }));
  if (!selected.length) return;
  const ids = [...new Set(selected.flatMap((s) => s.users))].filter(isUuid);
  const owner = typeof ownerId === 'string' && isUuid(ownerId) ? await loadOwner(tx, ownerId) : null;
  const found =
    ids.length && owner?.memberOrganisationId
      ? ((await listRecords(
          tx,
          SYSTEM_CALLER,
          getEntity('MehubAccountEntity'),
          { ids, take: ids.length, where: [{ path: 'memberOrganisationId', comparison: 'equal', value: [owner.memberOrganisationId] }] },
          { id: true },
        )) as { id: string }[])
      : [];
  const known = new Set(found.map((u) => u.id));
  const issues = selected
    .filter((s) => s.users.some((u) => !known.has(u)))
    .map((s) => ({ path: `submissionData.${s.id}`, code: 'notExist' as const, message: submissionMessages.unknownUser }));
  if (issues.length) throw new ValidationError(issues);
}

/** The answers of the questions whose answer differs from `before` (every key of such a question). */
export function changedAnswers(def: FormDefinition, after: Answers, before: Answers): Answers {
  const changed = (k: string) => !sameAnswers({ v: after[k] }, { v: before[k] });
  const out: Answers = {};
  for (const q of allQuestions(def)) {
    const keys = answerKeys(q);
    if (keys.some(changed)) for (const k of keys) if (k in after) out[k] = after[k];
  }
  return out;
}

/** A form version and its form's name and type (form versions are shared; the form's visibility is checked apart). */
export async function loadVersion(tx: Db, id: string): Promise<Version | null> {
  const [row] = (await listRecords(
    tx,
    SYSTEM_CALLER,
    getEntity('FormsEntityFormVersion'),
    { ids: [id], take: 1 },
    {
      id: true,
      formId: true,
      version: true,
      formData: true,
      form: { id: true, name: true, formType: true },
    },
  )) as Version[];
  return row ?? null;
}

export function parseDefinition(version: Version): FormDefinition {
  const parsed = definitionOf(version.formData);
  if (!parsed.ok) throw invalid('formVersionId', `The form version cannot be filled in: ${parsed.message}`);
  return parsed.definition;
}

export async function loadStored(tx: Db, id: string): Promise<Stored> {
  const [row] = (await listRecords(
    tx,
    SYSTEM_CALLER,
    SUBMISSIONS(),
    { ids: [id], take: 1 },
    {
      id: true,
      isCompleted: true,
      submissionData: true,
      formVersionId: true,
      formReviewRequestId: true,
      mehubAccountId: true,
      mehubAccount: { email: true, firstname: true, surname: true, memberOrganisationId: true },
    },
  )) as Stored[];
  return row;
}

/** jobNumber / jobAddress columns from the answers of the visible questions of those types. */
export function copyJobFields(def: FormDefinition, answers: Answers, input: Record<string, unknown>): void {
  const visible = visibilityTest(def, answers);
  for (const type of ['jobNumber', 'jobAddress'] as const) {
    const q = allQuestions(def).find(
      (x) =>
        x.questionType === type && visible(x) && typeof answerOf(answers, x.id) === 'string' && (answerOf(answers, x.id) as string).trim(),
    );
    input[type] = q ? (answerOf(answers, q.id) as string).trim() : null;
  }
}

export async function loadOwner(tx: Db, id: string): Promise<(Person & { id: string; memberOrganisationId: string | null }) | null> {
  const [row] = (await listRecords(
    tx,
    SYSTEM_CALLER,
    getEntity('MehubAccountEntity'),
    { ids: [id], take: 1 },
    {
      id: true,
      email: true,
      firstname: true,
      surname: true,
      memberOrganisationId: true,
    },
  )) as (Person & { id: string; memberOrganisationId: string | null })[];
  return row ?? null;
}
