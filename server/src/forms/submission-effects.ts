import { getEntity, isUuid, toWireDate } from '@hub/model';
import { notificationRecipients, type Answers, type FormDefinition } from '@hub/model/forms';
import { type SaveHookContext } from '../crud/hooks';
import { SYSTEM_CALLER, moveRelations, systemUpdate } from '../crud/system';
import { deleteRecords } from '../crud/delete';
import { listRecords } from '../crud/list';
import { saveRecords } from '../crud/save';
import { reviewOption } from './definitions';
import { displayName, reviewedMail, submissionNotificationMail, type Person } from './notify';
import { SUBMISSIONS, loadOwner, type Stored, type Version } from './submission-data';

/* What a submission save does to other rows: drafts replaced, their attachments kept, reviews recorded, people told. */

/**
 * What hangs on the replaced drafts (additional attachments, linked assets and documents)
 * moves to the submission replacing them, unless this save sets that list itself.
 */
export async function takeOverAttachments(ctx: SaveHookContext, draftIds: string[]): Promise<void> {
  // The drafts' own link rows go with them (on delete cascade).
  await moveRelations(ctx.tx, SUBMISSIONS(), draftIds, ctx.id!, new Set(Object.keys(ctx.input)));
}

/**
 * The owner's other drafts of the same form (any version) go: one draft per user and form.
 * Their attachments move to the submission that replaces them first.
 */
export async function removeOtherDrafts(ctx: SaveHookContext, ownerId: string, formId: string): Promise<void> {
  const { tx } = ctx;
  const keepId = ctx.id!;
  // Saves of one user's drafts of one form take turns in the database: a save that arrives
  // while another is in flight waits for its commit and then sees (and replaces) its draft, so
  // requests sent at once (several devices, parallel attach calls) still leave one draft.
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`draft:${ownerId}:${formId}`]);
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

/** Complete Slide recipients: accounts of the owner's organisation (anyone else named is ignored). */
export async function notifyRecipients(
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
        submissionNotificationMail({ to: r.email, ...mailAbout(version, submissionId, owner, services.publicUrl) }),
      );
  });
}

/** What every mail about a submission says of it: the form, the submission's page, its owner. */
function mailAbout(version: Version, submissionId: string, owner: Person | null, baseUrl: string) {
  return { formName: version.form?.name, formType: version.form?.formType, submissionId, owner, baseUrl };
}

/** A review creates or updates the submission's review request and tells the owner. */
export async function recordReview(
  ctx: SaveHookContext,
  def: FormDefinition,
  review: Answers,
  version: Version,
  stored: Stored,
): Promise<void> {
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
    await systemUpdate(tx, 'FormSubmissionsEntity', ctx.id!, { formReviewRequest: requestId });
  }
  const owner = stored.mehubAccount;
  if (!owner?.email) return;
  const reviewer = reviewerId ? displayName(await loadOwner(tx, reviewerId), '') || null : null;
  const submissionId = ctx.id!;
  const option = reviewOption(def, review);
  ctx.afterCommit(async (services) => {
    if (!services) return;
    await services.mailer.send(
      reviewedMail({ to: owner.email, ...mailAbout(version, submissionId, owner, services.publicUrl), reviewer, option }),
    );
  });
}
