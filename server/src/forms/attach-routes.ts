import { getEntity, isUuid } from '@hub/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertMayAttach, type AttachKind } from '../access/attach';
import type { Caller } from '../access/caller';
import { signedInCaller } from '../access/guards';
import { BadInputError, NotFoundError } from '../core/errors';
import type { Where } from '../crud/conditions';
import { SYSTEM_CALLER } from '../crud/hooks';
import { listRecords } from '../crud/list';
import { saveRecords } from '../crud/save';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { parseBody } from '../rest/body';
import { ATTACH_KINDS, ATTACH_MAX, assertAttachable, attachMessages } from './attach-rules';

/** An id, or a record `{ id }` as the GraphQL inputs name one. */
const ref = (kind: AttachKind) =>
  z.union([z.string().refine(isUuid, attachMessages.badId(kind)), z.object({ id: z.string().refine(isUuid, attachMessages.badId(kind)) })]);

const formIdSchema = z.string().refine(isUuid, 'formId must be a valid id');
const listOf = (kind: AttachKind) => z.array(ref(kind)).max(ATTACH_MAX, attachMessages.tooMany(kind));
const documentsBody = z.object({ formId: formIdSchema, documents: listOf('documents') });
const assetsBody = z.object({ formId: formIdSchema, assets: listOf('assets') });
const idsOf = (list: (string | { id: string })[]) => list.map((r) => (typeof r === 'string' ? r : r.id));

const SUBMISSIONS = () => getEntity('FormSubmissionsEntity');

/** The form `formId` when the caller may fill it in: a form they see (active, default or their organisation's). */
async function fillableForm(db: Db, caller: Caller, formId: string): Promise<{ id: string; publishedVersionId: string | null }> {
  const [form] = (await listRecords(
    db,
    caller,
    getEntity('FormsEntity'),
    { ids: [formId], take: 1 },
    { id: true, publishedVersionId: true },
  )) as {
    id: string;
    publishedVersionId: string | null;
  }[];
  if (!form) throw new NotFoundError(attachMessages.formNotFound);
  return form;
}

/** The caller's own draft of the form (any version), newest first: the one the filler resumes. */
async function draftOf(db: Db, caller: Caller, formId: string): Promise<string | null> {
  const where: Where[] = [
    { path: 'mehubAccountId', comparison: 'equal', value: [caller.userId] },
    { path: 'isCompleted', comparison: 'equal', value: ['false'] },
    { path: 'formVersion.formId', comparison: 'equal', value: [formId] },
  ];
  const [draft] = (await listRecords(
    db,
    caller,
    SUBMISSIONS(),
    { where, take: 1, orderBy: [{ path: 'modified', descending: true }] },
    { id: true },
  )) as {
    id: string;
  }[];
  return draft?.id ?? null;
}

/**
 * Attaches documents or assets to the caller's draft of a form, which becomes exactly the set
 * given ('Finish attaching' with a selection; an empty list detaches all).
 *
 * Decided here (the spec names only the payload, formId and the list):
 * - They go on the caller's current draft of the form. Without one, an empty draft of the
 *   published version is created: attachments always hang on a submission, and the filler
 *   resumes that draft (its answers and attachments) when the user comes back. The filler saves
 *   its answers as the draft before it opens the attach pages; each later draft save or submit
 *   replaces the draft and carries its attachments over (submission-effects.ts).
 * - Only rows of the caller's organisation that may be attached now: ACTIVE documents (not
 *   pending nor inactive ones, nor member-body documents), IN_SERVICE assets. Another
 *   organisation's ids are refused with the same message as an unknown one.
 * - A completed submission is never changed here: its attachments stay as submitted.
 */
async function attach(env: { db: Db; storage: FileStorage }, caller: Caller, kind: AttachKind, formId: string, given: string[]) {
  const { db } = env;
  const k = ATTACH_KINDS[kind];
  assertMayAttach(caller, kind);
  const form = await fillableForm(db, caller, formId);
  const ids = [...new Set(given)];
  await assertAttachable(db, caller, kind, ids, k.body);
  // Another request of the same user may replace the draft between finding it and writing to it
  // (requests at once make one draft: submission-effects.ts); then the set goes on the one that stayed.
  for (let attempt = 1; ; attempt++) {
    let draftId = await draftOf(db, caller, formId);
    if (!draftId) {
      if (!form.publishedVersionId) throw new BadInputError(attachMessages.noVersion);
      // The caller's own save: the submission rules make it theirs and check the form.
      [draftId] = await saveRecords(
        env,
        caller,
        SUBMISSIONS(),
        [{ formVersionId: form.publishedVersionId, isCompleted: false, submissionData: '{}' }],
        'create',
        null,
      );
    }
    try {
      // Members never update a draft through the generic save (they fill it in again); the route
      // has decided: the draft is the caller's own and every row is one they may attach.
      await saveRecords(env, SYSTEM_CALLER, SUBMISSIONS(), [{ id: draftId, [k.list]: ids.map((id) => ({ id })) }], 'update', null);
      return { formId, submissionId: draftId, [k.body]: ids };
    } catch (err) {
      if (!(err instanceof NotFoundError) || attempt >= 10) throw err;
    }
  }
}

/** POST /api/entity/DocumentEntity/attachDocuments and /api/entity/AssetEntity/attachAssets (member-site.md 7). */
export function attachRoutes(app: FastifyInstance, env: { db: Db; storage: FileStorage }): void {
  app.post('/api/entity/DocumentEntity/attachDocuments', async (req) => {
    const caller = signedInCaller(req);
    const body = parseBody(documentsBody, req.body);
    return attach(env, caller, 'documents', body.formId, idsOf(body.documents));
  });
  app.post('/api/entity/AssetEntity/attachAssets', async (req) => {
    const caller = signedInCaller(req);
    const body = parseBody(assetsBody, req.body);
    return attach(env, caller, 'assets', body.formId, idsOf(body.assets));
  });
}
