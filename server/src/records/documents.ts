import { documentCreateStatus, isDocumentTransition, recordMessages } from '@hub/model';
import { isAdministrator } from '../access/caller';
import { assertDocumentStatusChange, assertMeaDocumentWrite, fieldRefusal, viewerOf } from '../access/records';
import { writeScopeSql } from '../access/scope';
import type { SaveHookContext, SaveHooks } from '../crud/hooks';
import { Params } from '../db/params';
import type { Db } from '../db/client';
import { givenIds } from './stored';
import { getEntity, isUuid } from '@hub/model';

/**
 * Document rules (member-site.md sections 4 and 5, data-layer.md section 4), whatever the client sends:
 * - created ACTIVE by a SafetyManager, PENDING by anyone else (administrators choose);
 * - status changes are the workflow's transitions (Approve PENDING to ACTIVE, Make Active
 *   INACTIVE to ACTIVE, Make Inactive ACTIVE to INACTIVE; Remove deletes a pending one), by a
 *   SafetyManager, a back-end holder or an administrator (access/records.ts);
 * - member-body documents (a type flagged meaDocument) are never changed by members;
 * - a file or a link, not both and not neither, judged on the record as it will be saved.
 */

const FILE_OR_LINK = ['documentUploadId', 'documentUpload', 'documentLink'];

/**
 * An update naming its file or its link is judged with what it keeps: the stored other half is
 * filled in, so the model's rule ('documentFileOrLink') sees the whole record. Only a row the
 * caller may change is read (anything else is refused later as not found).
 */
async function prepare(ctx: SaveHookContext): Promise<void> {
  const { input } = ctx;
  if (ctx.mode !== 'update' || !isUuid(input.id) || !FILE_OR_LINK.some((k) => Object.hasOwn(input, k))) return;
  const params = new Params();
  const scope = writeScopeSql(getEntity('DocumentEntity'), 't', ctx.caller, params);
  const id = params.add(input.id, 'uuid');
  const { rows } = await ctx.tx.query<{ file: string | null; link: string | null }>(
    `SELECT t.document_upload_id AS file, t.document_link AS link FROM document t WHERE t.id = ${id}${scope ? ` AND ${scope}` : ''}`,
    params.values,
  );
  const stored = rows[0];
  if (!stored) return;
  if (!Object.hasOwn(input, 'documentUploadId') && !Object.hasOwn(input, 'documentUpload')) input.documentUploadId = stored.file;
  if (!Object.hasOwn(input, 'documentLink')) input.documentLink = stored.link;
}

/** Whether any of the document types `ids` (or, with null, the stored document `id`'s) is a member-body type. */
async function isMea(db: Db, typeIds: string[] | null, id: string | null): Promise<boolean> {
  if (typeIds) {
    const valid = typeIds.filter(isUuid);
    if (!valid.length) return false;
    const { rows } = await db.query('SELECT 1 FROM document_types WHERE id = ANY($1::uuid[]) AND mea_document LIMIT 1', [valid]);
    return rows.length > 0;
  }
  if (!id) return false;
  const { rows } = await db.query(
    `SELECT 1 FROM link_document_types_documents l JOIN document_types dt ON dt.id = l.document_types_id
     WHERE l.documents_id = $1 AND dt.mea_document LIMIT 1`,
    [id],
  );
  return rows.length > 0;
}

async function beforeWrite(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, input } = ctx;
  const admin = isAdministrator(caller);
  if (!admin) {
    // Neither a member-body document, nor one made so by the types given.
    if (ctx.mode === 'update') assertMeaDocumentWrite(caller, await isMea(tx, null, ctx.id));
    assertMeaDocumentWrite(caller, await isMea(tx, givenIds(input, 'documentTypess'), null));
  }
  if (ctx.mode === 'create') {
    input.status = documentCreateStatus(viewerOf(caller), typeof input.status === 'string' ? input.status : null);
    return;
  }
  if (!Object.hasOwn(input, 'status')) return;
  const { rows } = await tx.query<{ status: string | null }>('SELECT status FROM document WHERE id = $1', [ctx.id]);
  const from = rows[0]?.status ?? 'ACTIVE';
  const to = input.status;
  if (to === from || admin) return;
  assertDocumentStatusChange(caller);
  if (typeof to !== 'string' || !isDocumentTransition(from, to))
    throw fieldRefusal('status', recordMessages.documentTransition(from, String(to)));
}

export const documentHooks: SaveHooks = { prepare, beforeWrite };
