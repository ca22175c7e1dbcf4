import { FormType, getEntity, isUuid } from '@hub/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../access/caller';
import { allowed } from '../access/rules';
import type { Where } from '../crud/conditions';
import { deleteRecords } from '../crud/delete';
import { BadInputError, ForbiddenError, NotFoundError } from '../core/errors';
import { SYSTEM_CALLER } from '../crud/hooks';
import { listRecords } from '../crud/list';
import { saveRecords } from '../crud/save';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { signedInCaller as requireCaller } from '../access/guards';
import { parseBody } from '../rest/body';

export const draftMessages = {
  badFormId: (id: string) => `'${id}' is not a valid form id`,
  badFormType: (t: string) => `Unknown form type ${t}; use one of ${Object.keys(FormType.values).join(', ')}`,
  deleted: 'The draft has been discarded',
  noDraft: 'There was no draft of this form to discard',
  reviewNotFound: 'The review does not exist or you are not allowed to see it',
  reviewNotYours: 'Only the owner of the submission or a reviewer may change this review notification',
} as const;

const SUBMISSIONS = () => getEntity('FormSubmissionsEntity');

/** The caller's drafts of one form (any version): the submissions scope already keeps drafts to their owner. */
function draftFilter(caller: Caller, formIds: string[]): Where[] {
  return [
    { path: 'mehubAccountId', comparison: 'equal', value: [caller.userId] },
    { path: 'isCompleted', comparison: 'equal', value: ['false'] },
    { path: 'formVersion.formId', comparison: 'in', value: formIds },
  ];
}

function formIdOf(req: FastifyRequest<{ Params: { formId: string } }>): string {
  const id = req.params.formId;
  if (!isUuid(id)) throw new BadInputError(draftMessages.badFormId(id));
  return id;
}

interface Draft {
  id: string;
  created: string;
  modified: string;
  submissionData: string | null;
  formVersionId: string | null;
  formVersion: { id: string; version: number; formId: string; formData: string | null } | null;
}

async function findDraft(db: Db, caller: Caller, formId: string): Promise<Draft | null> {
  const [draft] = (await listRecords(
    db,
    caller,
    SUBMISSIONS(),
    { where: draftFilter(caller, [formId]), take: 1, orderBy: [{ path: 'modified', descending: true }] },
    {
      id: true,
      created: true,
      modified: true,
      submissionData: true,
      formVersionId: true,
      formVersion: { id: true, version: true, formId: true, formData: true },
    },
  )) as Draft[];
  return draft ?? null;
}

/** JSON null as a body (Fastify would send an empty body for a bare null). */
const sendNull = (reply: FastifyReply) => reply.type('application/json; charset=utf-8').send('null');

/**
 * Drafts of the form filler (one per user and form), the forms of a type for the Safety
 * page, and clearing a review's notification.
 */
export function draftRoutes(app: FastifyInstance, env: { db: Db; storage: FileStorage }): void {
  const { db } = env;

  app.get<{ Params: { formId: string } }>('/api/entity/FormSubmissionsEntity/hasDraft/:formId', async (req, reply) => {
    const caller = requireCaller(req, reply);
    if (!caller) return reply;
    return (await findDraft(db, caller, formIdOf(req))) !== null;
  });

  app.get<{ Params: { formId: string } }>('/api/entity/FormSubmissionsEntity/fetchDraft/:formId', async (req, reply) => {
    const caller = requireCaller(req, reply);
    if (!caller) return reply;
    const draft = await findDraft(db, caller, formIdOf(req));
    return draft ?? sendNull(reply);
  });

  app.delete<{ Params: { formId: string } }>('/api/entity/FormSubmissionsEntity/deleteDraft/:formId', async (req, reply) => {
    const caller = requireCaller(req, reply);
    if (!caller) return reply;
    const formId = formIdOf(req);
    // Which rows: the caller's own drafts as their read access shows them; members hold no
    // delete right on submissions, so the crud removes them on the caller's behalf.
    const drafts = (await listRecords(db, caller, SUBMISSIONS(), { where: draftFilter(caller, [formId]) }, { id: true })) as {
      id: string;
    }[];
    if (!drafts.length) return { message: draftMessages.noDraft, deleted: 0 };
    await deleteRecords(
      db,
      SYSTEM_CALLER,
      SUBMISSIONS(),
      drafts.map((d) => d.id),
    );
    return { message: draftMessages.deleted, deleted: drafts.length };
  });

  app.get<{ Params: { formType: string } }>('/api/entity/FormsEntity/form_type/:formType', async (req, reply) => {
    const caller = requireCaller(req, reply);
    if (!caller) return reply;
    const formType = req.params.formType;
    if (!(formType in FormType.values)) throw new BadInputError(draftMessages.badFormType(formType));
    const forms = (await listRecords(
      db,
      caller,
      getEntity('FormsEntity'),
      {
        where: [
          { path: 'formType', comparison: 'equal', value: [formType] },
          { path: 'isActive', comparison: 'equal', value: ['true'] },
          { path: 'publishedVersionId', comparison: 'notEqual', value: [null] },
        ],
        orderBy: [{ path: 'name' }],
      },
      { id: true, name: true },
    )) as { id: string; name: string }[];
    if (!forms.length) return [];
    const drafts = (await listRecords(
      db,
      caller,
      SUBMISSIONS(),
      {
        where: draftFilter(
          caller,
          forms.map((f) => f.id),
        ),
      },
      {
        formVersion: { formId: true },
      },
    )) as { formVersion: { formId: string } | null }[];
    const withDraft = new Set(drafts.map((d) => d.formVersion?.formId));
    return forms.map((f) => ({ id: f.id, name: f.name, hasDraft: withDraft.has(f.id) }));
  });

  app.put('/api/entity/FormReviewRequestEntity', async (req, reply) => {
    const caller = requireCaller(req, reply);
    if (!caller) return reply;
    const body = parseBody(z.object({ id: z.string().refine(isUuid, 'id must be a valid id'), showNotification: z.boolean() }), req.body);
    const entity = getEntity('FormReviewRequestEntity');
    // The review is seen through its submission: whoever may read the submission may see it.
    const [submission] = (await listRecords(
      db,
      caller,
      SUBMISSIONS(),
      {
        where: [{ path: 'formReviewRequestId', comparison: 'equal', value: [body.id] }],
        take: 1,
      },
      { id: true, mehubAccountId: true },
    )) as { id: string; mehubAccountId: string | null }[];
    if (!submission) throw new NotFoundError(draftMessages.reviewNotFound);
    if (allowed(caller, entity, 'update')) {
      // Reviewers and administrators: the matrix and their scope decide.
      await saveRecords(env, caller, entity, [{ id: body.id, showNotification: body.showNotification }], 'update', null);
    } else if (submission.mehubAccountId === caller.userId && !body.showNotification) {
      // The owner may only clear the notification of the review of their own submission.
      await saveRecords(env, SYSTEM_CALLER, entity, [{ id: body.id, showNotification: false }], 'update', null);
    } else throw new ForbiddenError(draftMessages.reviewNotYours);
    return { id: body.id, showNotification: body.showNotification };
  });
}
