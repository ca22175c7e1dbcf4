import { getEntity, isUuid } from '@hub/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../access/guards';
import { lockWritable } from '../access/row-checks';
import { BadInputError, ConflictError, NotFoundError } from '../core/errors';
import { deleteRecords } from '../crud/delete';
import { SYSTEM_CALLER } from '../crud/hooks';
import { saveRecords } from '../crud/save';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { versionsOf, type FormWithVersions } from './version-hooks';

export const versionRouteMessages = {
  forbidden: 'Only administrators can publish or discard form versions',
  badFormId: (id: string) => `'${id}' is not a valid form id`,
  badVersionId: 'Send the id of the version to promote: a JSON string such as "3f0c…", or {"versionId": "3f0c…"}',
  noForm: 'The form does not exist',
  noVersion: 'The version is not a version of this form',
  promotePublished: 'This version is already the published version',
  promoteDraft: 'The latest draft is published by saving and publishing it in the designer, not by promoting it',
  promoteArchived: 'An archived version cannot be promoted: make it active first',
} as const;

/** What both routes answer: the form's published version and its versions, lowest number first. */
function answer(form: FormWithVersions) {
  return {
    publishedVersionId: form.publishedVersionId,
    status: form.status,
    versions: form.formVersions.map(({ id, version, created, modified, active, status, inUse }) => ({
      id,
      version,
      created,
      modified,
      active,
      status,
      inUse,
    })),
  };
}

function formIdOf(req: FastifyRequest<{ Params: { id: string } }>): string {
  const id = req.params.id;
  if (!isUuid(id)) throw new BadInputError(versionRouteMessages.badFormId(id));
  return id;
}

/** The version id of a promote: a JSON string, or {versionId}. */
function versionIdOf(body: unknown): string {
  const id =
    typeof body === 'string'
      ? body.trim().replace(/^"(.*)"$/, '$1')
      : body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'versionId')
        ? (body as { versionId: unknown }).versionId
        : undefined;
  if (!isUuid(id)) throw new BadInputError(versionRouteMessages.badVersionId);
  return id;
}

/** Locks the form row (every version save of the form waits) and reads its versions; 404 when there is no such form. */
async function lockedForm(tx: Db, formId: string): Promise<FormWithVersions> {
  try {
    await lockWritable(tx, SYSTEM_CALLER, getEntity('FormsEntity'), formId);
  } catch (err) {
    if (err instanceof NotFoundError) throw new NotFoundError(versionRouteMessages.noForm);
    throw err;
  }
  const form = await versionsOf(tx, formId);
  if (!form) throw new NotFoundError(versionRouteMessages.noForm);
  return form;
}

/**
 * The versions page's and the Forms Builder's version routes (back-office.md section 7):
 * discarding a form's draft versions and promoting an older active version to published.
 * Administrator groups only; both run in one transaction under the form's row lock and
 * answer {publishedVersionId, status, versions}.
 */
export function versionRoutes(app: FastifyInstance, env: { db: Db; storage: FileStorage }): void {
  const guard = requireAdmin(versionRouteMessages.forbidden);

  app.post<{ Params: { id: string } }>('/api/entity/FormsEntity/discardDraft/:id', { preHandler: guard }, async (req) => {
    const formId = formIdOf(req);
    return env.db.transaction(async (tx) => {
      const form = await lockedForm(tx, formId);
      const published = form.formVersions.find((v) => v.id === form.publishedVersionId);
      // Newer than the published version (every version when none is), never one with submissions.
      const drafts = form.formVersions.filter((v) => (!published || v.version > published.version) && !v.inUse).map((v) => v.id);
      if (drafts.length) await deleteRecords(tx, req.caller!, getEntity('FormsEntityFormVersion'), drafts);
      return answer((await versionsOf(tx, formId))!);
    });
  });

  app.post<{ Params: { id: string } }>('/api/entity/FormsEntity/promoteActiveVersion/:id', { preHandler: guard }, async (req) => {
    const formId = formIdOf(req);
    const versionId = versionIdOf(req.body);
    return env.db.transaction(async (tx) => {
      const form = await lockedForm(tx, formId);
      const version = form.formVersions.find((v) => v.id === versionId);
      if (!version) throw new NotFoundError(versionRouteMessages.noVersion);
      if (version.status === 'Published version') throw new ConflictError(versionRouteMessages.promotePublished);
      if (version.status === 'Draft') throw new ConflictError(versionRouteMessages.promoteDraft);
      if (version.active !== true) throw new ConflictError(versionRouteMessages.promoteArchived);
      await saveRecords(
        { db: tx, storage: env.storage },
        req.caller!,
        getEntity('FormsEntityFormVersion'),
        [{ id: versionId, publishVersion: true }],
        'update',
        null,
      );
      return answer((await versionsOf(tx, formId))!);
    });
  });
}
