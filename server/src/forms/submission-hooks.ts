import { getEntity } from '@hub/model';
import {
  hasReviewSlide,
  removeHiddenAnswers,
  validateForm,
  validateReview,
  withRiskScores,
  type Answers,
  type FormDefinition,
} from '@hub/model/forms';
import { submissionCreateInput, submissionRights, submissionUpdateInput } from '../access/forms';
import type { SaveHookContext, SaveHooks } from '../crud/hooks';
import { getRecord } from '../crud/list';
import { SYSTEM_CALLER } from '../crud/system';
import type { Db } from '../db/client';
import { assertVisible } from '../access/row-checks';
import { assertSubmissionAttachments } from './attach-rules';
import { answersOf, reviewLines, sameAnswers, splitReview } from './definitions';
import {
  SERVER_RULES,
  submissionMessages,
  answerIssues,
  assertSelectedUsers,
  assertShapes,
  changedAnswers,
  copyJobFields,
  invalid,
  loadStored,
  loadVersion,
  parseDefinition,
  type Stored,
  type Version,
} from './submission-data';
import { notifyRecipients, recordReview, removeOtherDrafts } from './submission-effects';
import { assertActions, raiseActions } from './submission-actions';
import { assertSubmissionPhotos, linkSubmissionPhotos } from './photos';

export const fillMessages = {
  notPublished: 'Only the published version of a form can be filled in',
} as const;

/**
 * A member's (or the field-service application's) new submission is on the form's published
 * version (back-office.md section 4), or on an older version still active: the one of a draft
 * begun, or of a page opened, before a newer version was published. Never on a draft version
 * (newer than the published one, or any while none is: filling it would freeze the designer's
 * work) nor on an archived one. Administrators are exempt (back-office data repair);
 * submissions already on a version keep being updated and reviewed on it.
 */
async function assertFillable(tx: Db, version: Version): Promise<void> {
  const form = (await getRecord(tx, SYSTEM_CALLER, getEntity('FormsEntity'), version.formId, {
    publishedVersion: { id: true, version: true },
  })) as { publishedVersion: { id: string; version: number } | null } | null;
  const published = form?.publishedVersion;
  if (published?.id === version.id) return;
  const row = (await getRecord(tx, SYSTEM_CALLER, getEntity('FormsEntityFormVersion'), version.id, { active: true })) as {
    active: boolean | null;
  } | null;
  const older = !!published && version.version !== null && version.version < published.version;
  if (!older || row?.active !== true) throw invalid('formVersionId', fillMessages.notPublished);
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

/** Before the model's checks: the answers must be a JSON object; they are stored as JSON text. */
function prepare(ctx: SaveHookContext): void {
  const state = ctx.state as State;
  if (!('submissionData' in ctx.input)) return;
  const answers = answersOf(ctx.input.submissionData);
  if (!answers) throw invalid('submissionData', submissionMessages.badJson);
  state.answers = answers;
  ctx.input.submissionData = JSON.stringify(answers);
}

async function beforeCreate(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, input } = ctx;
  const state = ctx.state as State;
  const { admin } = submissionRights(caller);
  submissionCreateInput(caller, input);
  const versionId = input.formVersionId;
  if (typeof versionId !== 'string' || !versionId) {
    // Administrators may keep a bare record (back-office data repair); members fill in a form version.
    if (admin) return;
    throw invalid('formVersionId', submissionMessages.versionRequired, 'required');
  }
  const version = await loadVersion(tx, versionId);
  if (!version) throw invalid('formVersionId', submissionMessages.versionMissing, 'notExist');
  await assertVisible(tx, caller, getEntity('FormsEntity'), [version.formId], 'formVersionId');
  if (!admin) await assertFillable(tx, version);
  const def = parseDefinition(version);
  let answers = state.answers ?? {};
  // Nobody reviews their own submission while filling it in: review answers come by update.
  if (!admin) answers = splitReview(def, answers).rest;
  answers = removeHiddenAnswers(def, answers);
  assertShapes(def, answers);
  await assertSelectedUsers(tx, def, answers, input.mehubAccountId);
  // The score is the product of the two choices, whatever score the client sent.
  answers = withRiskScores(def, answers);
  await assertSubmissionPhotos(tx, caller, def, answers, null, input.mehubAccountId, version.formId);
  if (input.isCompleted === true) {
    const issues = validateForm(def, answers, new Date(), SERVER_RULES);
    if (issues.length) throw answerIssues(issues);
    await assertActions(tx, def, answers, input.mehubAccountId);
  }
  input.submissionData = JSON.stringify(answers);
  copyJobFields(def, answers, input);
  Object.assign(state, { version, definition: def, answers, wasCompleted: false });
}

async function beforeUpdate(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, input } = ctx;
  const state = ctx.state as State;
  const { admin } = submissionRights(caller);
  const stored = await loadStored(tx, ctx.id!);
  state.stored = stored;
  state.wasCompleted = stored.isCompleted;
  // A member updates a completed submission only, and never its owner, version, state or job columns.
  submissionUpdateInput(caller, stored, input);
  const versionId = typeof input.formVersionId === 'string' ? input.formVersionId : stored.formVersionId;
  const completes = input.isCompleted === true && !stored.isCompleted;
  // An administrator may give the submission another owner: its selected users are checked again.
  const ownerId = input.mehubAccountId !== undefined ? (input.mehubAccountId as string | null) : stored.mehubAccountId;
  const ownerChanged = ownerId !== stored.mehubAccountId;
  if (!('submissionData' in input) && !completes && !ownerChanged) return;
  if (!versionId) {
    if (admin) return;
    throw invalid('formVersionId', submissionMessages.versionRequired, 'required');
  }
  const version = await loadVersion(tx, versionId);
  if (!version) throw invalid('formVersionId', submissionMessages.versionMissing, 'notExist');
  const def = parseDefinition(version);
  const before = answersOf(stored.submissionData) ?? {};
  const incoming = 'submissionData' in input ? (state.answers ?? {}) : before;
  const sent = splitReview(def, incoming);
  if (!admin && !hasReviewSlide(def) && Object.keys(incoming).some((k) => k.startsWith('ReviewSlide')))
    throw invalid('submissionData', submissionMessages.noReviewSlide);
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
  await assertSubmissionPhotos(tx, caller, def, merged, ctx.id, ownerId, version.formId);
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
  if (completes) await assertActions(tx, def, merged, ownerId);
  input.submissionData = JSON.stringify(merged);
  if (admin) copyJobFields(def, merged, input);
  Object.assign(state, { version, definition: def, answers: merged, review: isReview ? splitReview(def, merged).review : null });
}

async function afterWrite(ctx: SaveHookContext): Promise<void> {
  const state = ctx.state as State;
  const { version, definition: def, answers } = state;
  if (!version || !def || !answers) return;
  // The photos the answers name hang off this submission (taken over from the draft it replaces).
  await linkSubmissionPhotos(ctx.tx, def, answers, ctx.id!);
  if (ctx.mode === 'update' && state.review && state.stored) {
    await recordReview(ctx, def, state.review, version, state.stored);
    ctx.timelineTitle = submissionMessages.formReviewed;
    ctx.timelineLines = reviewLines(def, state.review);
  }
  const ownerId = (ctx.mode === 'create' ? ctx.input.mehubAccountId : (ctx.input.mehubAccountId ?? state.stored?.mehubAccountId)) as
    string | null | undefined;
  const completedNow = ctx.mode === 'create' ? ctx.input.isCompleted === true : ctx.input.isCompleted === true && !state.wasCompleted;
  if (!ownerId) return;
  // A submission sent by the field-service application (an API token) is not the member's own
  // filling: their unfinished draft of the form stays theirs.
  const byToken = ctx.caller?.kind === 'token';
  if (!byToken && (ctx.mode === 'create' || completedNow)) await removeOtherDrafts(ctx, ownerId, version.formId);
  if (completedNow) {
    await raiseActions(ctx, def, answers, ownerId);
    await notifyRecipients(ctx, def, answers, version, ownerId);
  }
}

/** The submission rules of issue 5, run by saveRecords for every save of a FormSubmissionsEntity. */
export const submissionHooks: SaveHooks = {
  prepare,
  async beforeWrite(ctx) {
    await (ctx.mode === 'create' ? beforeCreate(ctx) : beforeUpdate(ctx));
    // Documents and assets added by this save follow the attach rule, whichever path sent them.
    await assertSubmissionAttachments(ctx.tx, ctx.caller, ctx.input, ctx.mode === 'update' ? ctx.id : null);
  },
  afterWrite,
};
