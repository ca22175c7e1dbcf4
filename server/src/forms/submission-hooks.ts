import { getEntity, isUuid, messages, toWireDate, type ReferenceField, type ValidationIssue } from '@hub/model';
import {
  ANSWER_SHAPE_MESSAGES,
  allQuestions,
  answerKeys,
  canvasKeys,
  checkAnswerShapes,
  hasReviewSlide,
  notificationRecipients,
  removeHiddenAnswers,
  validateForm,
  validateReview,
  visibilityTest,
  withRiskScores,
  type AnswerIssue,
  type Answers,
  type FormDefinition,
} from '@hub/model/forms';
import { isAdministrator } from '../access/caller';
import { deleteRecords } from '../crud/delete';
import { ForbiddenError, ValidationError } from '../crud/errors';
import { registerSaveHooks, SYSTEM_CALLER, type SaveHookContext } from '../crud/hooks';
import { listRecords } from '../crud/list';
import { ident } from '../crud/params';
import { assertVisible, saveRecords } from '../crud/save';
import type { Db } from '../db/client';
import { columnOf } from '../db/columns';
import { answersOf, definitionOf, reviewOption, sameAnswers, splitReview } from './definitions';
import { safeDrawingPng } from './drawing-png';
import { displayName, reviewedMail, submissionNotificationMail, type Person } from './notify';

export const SUBMISSION_MESSAGES = {
  versionRequired: 'The form version is required',
  versionMissing: 'The selected form version does not exist',
  badJson: 'The submission data is not valid JSON',
  onlyCompleted: 'Only a completed submission can be updated',
  noReviewSlide: 'This form has no review slide',
  unknownUser: 'The selected user does not exist',
} as const;

const SUBMISSIONS = () => getEntity('FormSubmissionsEntity');

interface Version {
  id: string;
  formId: string;
  version: number | null;
  formData: string | null;
  form: { id: string; name: string; formType: string } | null;
}

interface Stored {
  id: string;
  isCompleted: boolean;
  submissionData: string | null;
  formVersionId: string | null;
  formReviewRequestId: string | null;
  mehubAccountId: string | null;
  mehubAccount: (Person & { memberOrganisationId: string | null }) | null;
}

/** What the phases of one save pass on to each other. */
interface State {
  answers?: Answers | null;
  version?: Version | null;
  definition?: FormDefinition | null;
  stored?: Stored | null;
  wasCompleted?: boolean;
  review?: Answers | null;
}

const invalid = (path: string, message: string, code: ValidationIssue['code'] = 'invalid') =>
  new ValidationError([{ path, code, message }]);

/** Answer issues as crud validation issues under submissionData. */
function answerIssues(issues: AnswerIssue[]): ValidationError {
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
const SERVER_RULES = { zoneSlack: true } as const;

/** Refuses answers of the wrong shape (a risk matrix out of range, a list that is not one...). */
function assertShapes(def: FormDefinition, answers: Answers): void {
  const issues = checkAnswerShapes(def, answers);
  // The model reads a drawing's PNG header; here its image data must decode too, as the PDF decodes it.
  const refused = new Set(issues.map((i) => i.path));
  for (const q of allQuestions(def)) {
    if (q.questionType !== 'canvasDraw' || refused.has(q.id)) continue;
    const url = answers[canvasKeys(q.id).dataURL];
    if (typeof url === 'string' && url !== '' && !safeDrawingPng(url)) issues.push({ path: q.id, message: ANSWER_SHAPE_MESSAGES.drawing });
  }
  if (issues.length) throw answerIssues(issues);
}

/**
 * Refuses user-select answers naming anyone but accounts of the owner's organisation (the
 * PDF and the notifications show their names and mail them): without an owner in an
 * organisation, no user can be selected.
 */
async function assertSelectedUsers(tx: Db, def: FormDefinition, answers: Answers, ownerId: unknown): Promise<void> {
  const selected = allQuestions(def)
    .filter((q) => q.questionType === 'selectUserProfile' && Array.isArray(answers[q.id]) && (answers[q.id] as unknown[]).length)
    .map((q) => ({ id: q.id, users: (answers[q.id] as unknown[]).map(String) }));
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
    .map((s) => ({ path: `submissionData.${s.id}`, code: 'notExist' as const, message: SUBMISSION_MESSAGES.unknownUser }));
  if (issues.length) throw new ValidationError(issues);
}

/** The answers of the questions whose answer differs from `before` (every key of such a question). */
function changedAnswers(def: FormDefinition, after: Answers, before: Answers): Answers {
  const changed = (k: string) => !sameAnswers({ v: after[k] }, { v: before[k] });
  const out: Answers = {};
  for (const q of allQuestions(def)) {
    const keys = answerKeys(q);
    if (keys.some(changed)) for (const k of keys) if (k in after) out[k] = after[k];
  }
  return out;
}

/** A form version and its form's name and type (form versions are shared; the form's visibility is checked apart). */
async function loadVersion(tx: Db, id: string): Promise<Version | null> {
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

function parseDefinition(version: Version): FormDefinition {
  const parsed = definitionOf(version.formData);
  if (!parsed.ok) throw invalid('formVersionId', `The form version cannot be filled in: ${parsed.message}`);
  return parsed.definition;
}

async function loadStored(tx: Db, id: string): Promise<Stored> {
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
function copyJobFields(def: FormDefinition, answers: Answers, input: Record<string, unknown>): void {
  const visible = visibilityTest(def, answers);
  for (const type of ['jobNumber', 'jobAddress'] as const) {
    const q = allQuestions(def).find(
      (x) => x.questionType === type && visible(x) && typeof answers[x.id] === 'string' && (answers[x.id] as string).trim(),
    );
    input[type] = q ? (answers[q.id] as string).trim() : null;
  }
}

/** Before the model's checks: the answers must be a JSON object; they are stored as JSON text. */
function prepare(ctx: SaveHookContext): void {
  const state = ctx.state as State;
  if (!('submissionData' in ctx.input)) return;
  const answers = answersOf(ctx.input.submissionData);
  if (!answers) throw invalid('submissionData', SUBMISSION_MESSAGES.badJson);
  state.answers = answers;
  ctx.input.submissionData = JSON.stringify(answers);
}

async function beforeCreate(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, input } = ctx;
  const state = ctx.state as State;
  const admin = isAdministrator(caller);
  // A member's submission is always their own.
  if (caller?.kind === 'account') input.mehubAccountId = caller.userId;
  const versionId = input.formVersionId;
  if (typeof versionId !== 'string' || !versionId) {
    // Administrators may keep a bare record (back-office data repair); members fill in a form version.
    if (admin) return;
    throw invalid('formVersionId', SUBMISSION_MESSAGES.versionRequired, 'required');
  }
  const version = await loadVersion(tx, versionId);
  if (!version) throw invalid('formVersionId', SUBMISSION_MESSAGES.versionMissing, 'notExist');
  await assertVisible(tx, caller, getEntity('FormsEntity'), [version.formId], 'formVersionId');
  const def = parseDefinition(version);
  let answers = state.answers ?? {};
  // Nobody reviews their own submission while filling it in: review answers come by update.
  if (!admin) answers = splitReview(def, answers).rest;
  answers = removeHiddenAnswers(def, answers);
  assertShapes(def, answers);
  await assertSelectedUsers(tx, def, answers, input.mehubAccountId);
  // The score is the product of the two choices, whatever score the client sent.
  answers = withRiskScores(def, answers);
  if (input.isCompleted === true) {
    const issues = validateForm(def, answers, new Date(), SERVER_RULES);
    if (issues.length) throw answerIssues(issues);
  }
  input.submissionData = JSON.stringify(answers);
  copyJobFields(def, answers, input);
  Object.assign(state, { version, definition: def, answers, wasCompleted: false });
}

async function beforeUpdate(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, input } = ctx;
  const state = ctx.state as State;
  const admin = isAdministrator(caller);
  const stored = await loadStored(tx, ctx.id!);
  state.stored = stored;
  state.wasCompleted = stored.isCompleted;
  if (!admin) {
    if (!stored.isCompleted) throw new ForbiddenError(SUBMISSION_MESSAGES.onlyCompleted);
    // Owner, version, state and the job columns derived from the answers stay as submitted.
    for (const key of ['mehubAccountId', 'formVersionId', 'isCompleted', 'jobNumber', 'jobAddress', 'formReviewRequestId'])
      delete input[key];
  }
  const versionId = typeof input.formVersionId === 'string' ? input.formVersionId : stored.formVersionId;
  const completes = input.isCompleted === true && !stored.isCompleted;
  // An administrator may give the submission another owner: its selected users are checked again.
  const ownerId = input.mehubAccountId !== undefined ? (input.mehubAccountId as string | null) : stored.mehubAccountId;
  const ownerChanged = ownerId !== stored.mehubAccountId;
  if (!('submissionData' in input) && !completes && !ownerChanged) return;
  if (!versionId) {
    if (admin) return;
    throw invalid('formVersionId', SUBMISSION_MESSAGES.versionRequired, 'required');
  }
  const version = await loadVersion(tx, versionId);
  if (!version) throw invalid('formVersionId', SUBMISSION_MESSAGES.versionMissing, 'notExist');
  const def = parseDefinition(version);
  const before = answersOf(stored.submissionData) ?? {};
  const incoming = 'submissionData' in input ? (state.answers ?? {}) : before;
  const sent = splitReview(def, incoming);
  if (!admin && !hasReviewSlide(def) && Object.keys(incoming).some((k) => k.startsWith('ReviewSlide')))
    throw invalid('submissionData', SUBMISSION_MESSAGES.noReviewSlide);
  const isReview = 'submissionData' in input && hasReviewSlide(def) && Object.keys(sent.review).length > 0;
  // A review changes the review answers only (a save without them keeps the stored review);
  // administrators may correct any answer.
  const kept = splitReview(def, before);
  const next = removeHiddenAnswers(def, admin ? { ...incoming } : { ...kept.rest, ...(isReview ? sent.review : kept.review) });
  // What this save changes is checked (all of it on completion): an untouched stored answer stays as it was.
  const checked = completes ? next : changedAnswers(def, next, before);
  assertShapes(def, checked);
  await assertSelectedUsers(tx, def, ownerChanged ? next : checked, ownerId);
  const merged = withRiskScores(def, next);
  if (isReview) {
    const issues = validateReview(def, merged);
    if (issues.length) throw answerIssues(issues);
  }
  const completed = input.isCompleted === undefined ? stored.isCompleted : input.isCompleted === true;
  const answersChanged = !sameAnswers(splitReview(def, merged).rest, splitReview(def, withRiskScores(def, before)).rest);
  if (completed && (answersChanged || completes)) {
    const issues = validateForm(def, merged, new Date(), SERVER_RULES);
    if (issues.length) throw answerIssues(issues);
  }
  input.submissionData = JSON.stringify(merged);
  if (admin) copyJobFields(def, merged, input);
  Object.assign(state, { version, definition: def, answers: merged, review: isReview ? splitReview(def, merged).review : null });
}

/**
 * What hangs on the replaced drafts (additional attachments, linked assets and documents)
 * moves to the submission replacing them, unless this save sets that list itself.
 */
async function takeOverAttachments(ctx: SaveHookContext, draftIds: string[]): Promise<void> {
  const entity = SUBMISSIONS();
  const keepId = ctx.id!;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (name in ctx.input) continue;
    if (field.kind === 'children') {
      const target = getEntity(field.target);
      const col = ident(columnOf(field.inverse, target.fields[field.inverse] as ReferenceField));
      await ctx.tx.query(`UPDATE ${ident(target.table)} SET ${col} = $1, modified = now() WHERE ${col} = ANY($2::uuid[])`, [
        keepId,
        draftIds,
      ]);
    } else if (field.kind === 'links') {
      const link = getEntity(field.link);
      const selfCol = ident(columnOf(field.self, link.fields[field.self]));
      const otherCol = ident(columnOf(field.other, link.fields[field.other]));
      // The drafts' own link rows go with them (on delete cascade).
      await ctx.tx.query(
        `INSERT INTO ${ident(link.table)} (${selfCol}, ${otherCol}) SELECT $1::uuid, ${otherCol} FROM ${ident(link.table)}
         WHERE ${selfCol} = ANY($2::uuid[]) ON CONFLICT DO NOTHING`,
        [keepId, draftIds],
      );
    }
  }
}

/**
 * The owner's other drafts of the same form (any version) go: one draft per user and form.
 * Their attachments move to the submission that replaces them first.
 */
async function removeOtherDrafts(ctx: SaveHookContext, ownerId: string, formId: string): Promise<void> {
  const { tx } = ctx;
  const keepId = ctx.id!;
  const drafts = (await listRecords(
    tx,
    SYSTEM_CALLER,
    SUBMISSIONS(),
    {
      where: [
        { path: 'mehubAccountId', comparison: 'equal', value: [ownerId] },
        { path: 'isCompleted', comparison: 'equal', value: ['false'] },
        { path: 'formVersion.formId', comparison: 'equal', value: [formId] },
        { path: 'id', comparison: 'notEqual', value: [keepId] },
      ],
    },
    { id: true },
  )) as { id: string }[];
  if (!drafts.length) return;
  await takeOverAttachments(
    ctx,
    drafts.map((d) => d.id),
  );
  await deleteRecords(
    tx,
    SYSTEM_CALLER,
    SUBMISSIONS(),
    drafts.map((d) => d.id),
  );
}

async function loadOwner(tx: Db, id: string): Promise<(Person & { id: string; memberOrganisationId: string | null }) | null> {
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

/** Complete Slide recipients: accounts of the owner's organisation (anyone else named is ignored). */
async function notifyRecipients(
  ctx: SaveHookContext,
  def: FormDefinition,
  answers: Answers,
  version: Version,
  ownerId: string,
): Promise<void> {
  const ids = [...new Set(notificationRecipients(def, answers).filter(isUuid))];
  if (!ids.length) return;
  const owner = await loadOwner(ctx.tx, ownerId);
  if (!owner?.memberOrganisationId) return;
  const recipients = (await listRecords(
    ctx.tx,
    SYSTEM_CALLER,
    getEntity('MehubAccountEntity'),
    {
      ids,
      where: [{ path: 'memberOrganisationId', comparison: 'equal', value: [owner.memberOrganisationId] }],
    },
    { email: true },
  )) as { email: string }[];
  const submissionId = ctx.id!;
  ctx.afterCommit(async (services) => {
    if (!services) return;
    for (const r of recipients)
      await services.mailer.send(
        submissionNotificationMail({
          to: r.email,
          formName: version.form?.name,
          formType: version.form?.formType,
          submissionId,
          owner,
          baseUrl: services.publicUrl,
        }),
      );
  });
}

/** A review creates or updates the submission's review request and tells the owner. */
async function recordReview(ctx: SaveHookContext, def: FormDefinition, review: Answers, version: Version, stored: Stored): Promise<void> {
  const { tx, caller } = ctx;
  const reviewerId = caller?.kind === 'account' ? caller.userId : null;
  const request = {
    timeReviewed: toWireDate(new Date()),
    mehubAccountId: reviewerId,
    showNotification: true,
    formData: JSON.stringify(review),
  };
  const entity = getEntity('FormReviewRequestEntity');
  if (stored.formReviewRequestId)
    await saveRecords(ctx.env, SYSTEM_CALLER, entity, [{ id: stored.formReviewRequestId, ...request }], 'update', null);
  else {
    const [requestId] = await saveRecords(ctx.env, SYSTEM_CALLER, entity, [{ ...request, formSubmissionsId: ctx.id }], 'create', null);
    await tx.query('UPDATE form_submissions SET form_review_request_id = $1 WHERE id = $2', [requestId, ctx.id]);
  }
  const owner = stored.mehubAccount;
  if (!owner?.email) return;
  const reviewer = reviewerId ? displayName(await loadOwner(tx, reviewerId), '') || null : null;
  const submissionId = ctx.id!;
  const option = reviewOption(def, review);
  ctx.afterCommit(async (services) => {
    if (!services) return;
    await services.mailer.send(
      reviewedMail({
        to: owner.email,
        formName: version.form?.name,
        formType: version.form?.formType,
        submissionId,
        owner,
        baseUrl: services.publicUrl,
        reviewer,
        option,
      }),
    );
  });
}

async function afterWrite(ctx: SaveHookContext): Promise<void> {
  const state = ctx.state as State;
  const { version, definition: def, answers } = state;
  if (!version || !def || !answers) return;
  if (ctx.mode === 'update' && state.review && state.stored) await recordReview(ctx, def, state.review, version, state.stored);
  const ownerId = (ctx.mode === 'create' ? ctx.input.mehubAccountId : (ctx.input.mehubAccountId ?? state.stored?.mehubAccountId)) as
    string | null | undefined;
  const completedNow = ctx.mode === 'create' ? ctx.input.isCompleted === true : ctx.input.isCompleted === true && !state.wasCompleted;
  if (!ownerId) return;
  if (ctx.mode === 'create' || completedNow) await removeOtherDrafts(ctx, ownerId, version.formId);
  if (completedNow) await notifyRecipients(ctx, def, answers, version, ownerId);
}

/** The submission rules of issue 5, run by saveRecords for every save of a FormSubmissionsEntity. */
export function registerSubmissionHooks(): void {
  registerSaveHooks('FormSubmissionsEntity', {
    prepare,
    beforeWrite: (ctx) => (ctx.mode === 'create' ? beforeCreate(ctx) : beforeUpdate(ctx)),
    afterWrite,
  });
}
