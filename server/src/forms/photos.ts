import { getEntity, isSafeKey, isUuid } from '@hub/model';
import { answerOf, photoAnswerIssues, photoAnswers, photoMessages, type Answers, type FormDefinition } from '@hub/model/forms';
import { isAdministrator, type Caller } from '../access/caller';
import { ForbiddenError, ValidationError } from '../core/errors';
import type { DeleteHookContext, SaveHookContext, SaveHooks } from '../crud/hooks';
import { countRecords, listRecords } from '../crud/list';
import { SYSTEM_CALLER, systemUpdate, systemUpdateMany } from '../crud/system';
import { isUpload } from '../crud/values';
import type { Db } from '../db/client';
import { dropOwnedFileRows } from '../files/upload';
import { answersOf } from './definitions';
import { answerIssues, invalid, loadOwner } from './submission-data';

/*
 * Photo evidence (docs/forms.md, Photo evidence): the upload of a FormPhotoEntity (the generic
 * GraphQL multipart create, through these hooks) and the photos a submission's answers name.
 */

export const photoUploadMessages = {
  membersOnly: 'Photos are taken by members while filling in a form',
  photoRequired: 'Please attach the photo (a JPEG image)',
  thumbnailRequired: 'Please attach the thumbnail of the photo (a JPEG image)',
  keyRequired: 'The upload needs its idempotency key (a UUID made by the device)',
  badQuestionId: 'The question id is not valid',
  noOrganisation: 'The photo must belong to a member of an organisation',
  tooManyUnsaved: (n: number) =>
    `You have ${n} photos that are not in a saved form yet. Save the form (a draft is enough) before adding more photos.`,
} as const;

/**
 * Bounds on what a member's uploads keep on the hub (docs/forms.md, Photo evidence). Per
 * process; tests lower them.
 */
export const PHOTO_UPLOAD_LIMITS = {
  /**
   * Photos one account may have on the hub that no saved draft or submission names (the
   * clean-up removes them a day after their upload): five forms at their 100 photos. Without
   * it, a member's client could fill the storage with 20 MB photos for a day.
   */
  unsavedPerAccount: 500,
};

const PHOTOS = () => getEntity('FormPhotoEntity');

/** A question id as forms use them: printable text, never a key that reaches a prototype. */
const goodQuestionId = (id: unknown): id is string =>
  typeof id === 'string' && id.trim() !== '' && id.length <= 200 && isSafeKey(id) && ![...id].some((c) => c < ' ' || c === '\u007f');

async function beforeCreate(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, input } = ctx;
  if (!goodQuestionId(input.questionId)) throw invalid('questionId', photoUploadMessages.badQuestionId);
  if (!isAdministrator(caller)) {
    // A member's photo is their own, of their organisation, and is the JPEG they upload now:
    // never a file already stored (its type was never held to JPEG), never hung off a submission here.
    if (caller?.kind !== 'account' || !caller.organisationId) throw new ForbiddenError(photoUploadMessages.membersOnly);
    input.mehubAccountId = caller.userId;
    input.memberOrganisationId = caller.organisationId;
    delete input.photoId;
    delete input.thumbnailId;
    if (!isUpload(input.photo)) throw invalid('photo', photoUploadMessages.photoRequired, 'required');
    if (!isUpload(input.thumbnail)) throw invalid('thumbnail', photoUploadMessages.thumbnailRequired, 'required');
    if (!isUuid(input.idempotencyKey)) throw invalid('idempotencyKey', photoUploadMessages.keyRequired, 'required');
    await assertUnsavedRoom(tx, caller.userId);
  } else {
    // An administrator names the account (owner.ts); the organisation is the account's.
    const owner = typeof input.mehubAccountId === 'string' ? await loadOwner(tx, input.mehubAccountId) : null;
    if (!owner?.memberOrganisationId) throw invalid('mehubAccountId', photoUploadMessages.noOrganisation);
    input.memberOrganisationId = owner.memberOrganisationId;
  }
}

/**
 * A photo deleted (an administrator in the back-office, the clean-up job), in the delete's
 * transaction: the answers of the submission (or draft) that holds it stop naming it, so that
 * later saves of it (a review) are not refused for a photo that does not exist and its view
 * and PDF show no missing photo; its file rows (photo and thumbnail) go, their contents in
 * storage once the delete committed.
 */
async function beforeDelete(ctx: DeleteHookContext): Promise<void> {
  const { tx, ids } = ctx;
  // The saves naming these photos wait for this delete (and then find them gone), as two saves wait for each other.
  await lockPhotos(tx, [...ids]);
  const rows = (await listRecords(
    tx,
    SYSTEM_CALLER,
    PHOTOS(),
    { ids: [...ids], take: ids.length },
    { id: true, formSubmissionsId: true },
  )) as {
    id: string;
    formSubmissionsId: string | null;
  }[];
  const submissionIds = [...new Set(rows.flatMap((r) => (r.formSubmissionsId ? [r.formSubmissionsId] : [])))];
  if (submissionIds.length) {
    const gone = new Set(ids.map((id) => id.toLowerCase()));
    const held = (await listRecords(
      tx,
      SYSTEM_CALLER,
      getEntity('FormSubmissionsEntity'),
      { ids: submissionIds, take: submissionIds.length },
      { id: true, submissionData: true },
    )) as { id: string; submissionData: string | null }[];
    for (const sub of held) {
      const answers = answersOf(sub.submissionData);
      if (!answers) continue;
      let changed = false;
      for (const key of Object.keys(answers)) {
        const value = answerOf(answers, key);
        if (!key.endsWith('-photos') || !Array.isArray(value)) continue;
        const kept = value.filter((ref) => !(typeof ref === 'string' && gone.has(ref.toLowerCase())));
        if (kept.length === value.length) continue;
        answers[key] = kept;
        changed = true;
      }
      if (changed) await systemUpdate(tx, 'FormSubmissionsEntity', sub.id, { submissionData: JSON.stringify(answers) });
    }
  }
  ctx.removeFilesAfterCommit(await dropOwnedFileRows(tx, 'FormPhotoEntity', [...ids]));
}

/**
 * Refuses a member's upload past PHOTO_UPLOAD_LIMITS.unsavedPerAccount photos no saved answer
 * names (a replay of a key never gets here: it answers the photo the key made). Uploads of one
 * account wait for each other (a transaction lock), so concurrent ones cannot pass it together.
 */
async function assertUnsavedRoom(tx: Db, accountId: string): Promise<void> {
  const max = PHOTO_UPLOAD_LIMITS.unsavedPerAccount;
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`form-photo-unsaved:${accountId.toLowerCase()}`]);
  const unsaved = await countRecords(tx, SYSTEM_CALLER, getEntity('FormPhotoEntity'), {
    where: [
      { path: 'mehubAccountId', comparison: 'equal', value: [accountId] },
      { path: 'formSubmissionsId', comparison: 'equal', value: [null] },
    ],
  });
  if (unsaved >= max) throw invalid('photo', photoUploadMessages.tooManyUnsaved(max), 'range');
}

/** The rules of a FormPhotoEntity save and delete (registered by registerFormHooks). */
export const photoHooks: SaveHooks = {
  async beforeWrite(ctx) {
    if (ctx.mode === 'create') await beforeCreate(ctx);
  },
  beforeDelete,
};

interface PhotoRow {
  id: string;
  mehubAccountId: string | null;
  memberOrganisationId: string | null;
  formSubmissionsId: string | null;
  formSubmissions: { isCompleted: boolean; mehubAccountId: string | null; formVersion: { formId: string | null } | null } | null;
}

/**
 * Saves naming the same photos wait for each other (a transaction lock per photo, taken in one
 * order): the second reads the photos after the first committed, so two submissions sent at
 * the same moment never both take one photo.
 */
async function lockPhotos(tx: Db, ids: string[]): Promise<void> {
  const keys = [...new Set(ids.map((id) => `form-photo:${id.toLowerCase()}`))].sort();
  if (keys.length) await tx.query('SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest($1::text[]) AS k', [keys]);
}

/**
 * The photos a submission's answers name (`{questionId}-photos`) are refused unless each is a
 * photo of the submission owner's organisation and either the caller's own (an administrator's:
 * any), not yet in a completed submission (unlinked, or in a draft of its uploader of the same
 * form `formId`, which this save replaces), or already this submission's. Limits and references
 * are the model's (photoAnswerIssues); a `local:` reference is a photo never uploaded.
 */
export async function assertSubmissionPhotos(
  tx: Db,
  caller: Caller | null,
  def: FormDefinition,
  answers: Answers,
  submissionId: string | null,
  ownerId: unknown,
  formId: string,
): Promise<void> {
  const issues = photoAnswerIssues(def, answers);
  if (issues.length) throw answerIssues(issues);
  const named = photoAnswers(def, answers);
  if (!named.length) return;
  const owner = typeof ownerId === 'string' && isUuid(ownerId) ? await loadOwner(tx, ownerId) : null;
  const ids = [...new Set(named.flatMap((n) => n.refs))];
  await lockPhotos(tx, ids);
  const rows = (await listRecords(
    tx,
    SYSTEM_CALLER,
    PHOTOS(),
    { ids, take: ids.length },
    {
      id: true,
      mehubAccountId: true,
      memberOrganisationId: true,
      formSubmissionsId: true,
      formSubmissions: { isCompleted: true, mehubAccountId: true, formVersion: { formId: true } },
    },
  )) as PhotoRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const admin = isAdministrator(caller);
  const why = (id: string): string | null => {
    const photo = byId.get(id);
    if (!photo || !owner?.memberOrganisationId || photo.memberOrganisationId !== owner.memberOrganisationId) return photoMessages.notFound;
    if (submissionId && photo.formSubmissionsId === submissionId) return null;
    if (!admin && photo.mehubAccountId !== caller?.userId) return photoMessages.notFound;
    const linked = photo.formSubmissions;
    // A draft of another form keeps its photos: this save does not replace it.
    if (linked && (linked.isCompleted || linked.mehubAccountId !== photo.mehubAccountId || linked.formVersion?.formId !== formId))
      return photoMessages.elsewhere;
    return null;
  };
  const refused: ValidationError['issues'] = [];
  for (const { question, refs } of named) {
    const message = refs.map(why).find((m) => m !== null);
    if (message) refused.push({ path: `submissionData.${question.id}-photos`, code: 'notExist', message });
  }
  if (refused.length) throw new ValidationError(refused);
}

/**
 * After the save: the photos the answers name hang off the submission (moved from the draft it
 * replaces), and photos it held that no answer names any more are let go (the clean-up job
 * removes them a day later).
 */
export async function linkSubmissionPhotos(tx: Db, def: FormDefinition, answers: Answers, submissionId: string): Promise<void> {
  const ids = [...new Set(photoAnswers(def, answers).flatMap((n) => n.refs))];
  const held = (await listRecords(
    tx,
    SYSTEM_CALLER,
    PHOTOS(),
    { where: [{ path: 'formSubmissionsId', comparison: 'equal', value: [submissionId] }] },
    { id: true },
  )) as { id: string }[];
  const dropped = held.map((h) => h.id).filter((id) => !ids.includes(id));
  if (dropped.length) await systemUpdateMany(tx, 'FormPhotoEntity', dropped, { formSubmissions: null });
  // A photo the clean-up job removed after the answers were checked: the save is refused, never kept naming it.
  if (ids.length && (await systemUpdateMany(tx, 'FormPhotoEntity', ids, { formSubmissions: submissionId })) !== ids.length)
    throw new ValidationError([{ path: 'submissionData', code: 'notExist', message: photoMessages.notFound }]);
}
