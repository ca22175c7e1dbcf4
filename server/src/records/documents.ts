import { documentCreateStatus, isDocumentTransition, messages, recordMessages } from '@hub/model';
import { isAdministrator } from '../access/caller';
import { assertDocumentStatusChange, assertMeaDocumentWrite, fieldRefusal, viewerOf } from '../access/records';
import type { SaveHookContext, SaveHooks } from '../crud/hooks';
import { getRecord, listRecords } from '../crud/list';
import { SYSTEM_CALLER, systemUpdate } from '../crud/system';
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
  // Read through the caller's scope (a row they may not change is refused as not found by the save).
  const stored = (await getRecord(ctx.tx, ctx.caller, getEntity('DocumentEntity'), input.id, {
    documentUploadId: true,
    documentLink: true,
  })) as { documentUploadId: string | null; documentLink: string | null } | null;
  if (!stored) return;
  if (!Object.hasOwn(input, 'documentUploadId') && !Object.hasOwn(input, 'documentUpload'))
    input.documentUploadId = stored.documentUploadId;
  if (!Object.hasOwn(input, 'documentLink')) input.documentLink = stored.documentLink;
}

/** Whether any of the document types `ids` (or, with null, the stored document `id`'s) is a member-body type. */
async function isMea(db: Db, typeIds: string[] | null, id: string | null): Promise<boolean> {
  if (typeIds) {
    const valid = [...new Set(typeIds.filter(isUuid))];
    if (!valid.length) return false;
    const types = (await listRecords(db, SYSTEM_CALLER, getEntity('DocumentTypesEntity'), { ids: valid }, { meaDocument: true })) as {
      meaDocument: boolean | null;
    }[];
    return types.some((t) => t.meaDocument);
  }
  if (!id) return false;
  return (await documentFacts(db, [id])).some((d) => d.documentTypess.some((t) => t.meaDocument));
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
    (ctx.state as DocumentState).activated = input.status === 'ACTIVE';
    return;
  }
  if (!Object.hasOwn(input, 'status')) return;
  const [stored] = await documentFacts(tx, ctx.id ? [ctx.id] : []);
  const from = stored?.status ?? 'ACTIVE';
  const to = input.status;
  (ctx.state as DocumentState).activated = to === 'ACTIVE' && from !== 'ACTIVE';
  if (to === from || admin) return;
  assertDocumentStatusChange(caller);
  if (typeof to !== 'string' || !isDocumentTransition(from, to))
    throw fieldRefusal('status', recordMessages.documentTransition(from, String(to)));
}

interface DocumentState {
  activated?: boolean;
}

/** activeSince is read-only to every client: the day the document was last made active, written here (its annual review counts from it). */
async function afterWrite(ctx: SaveHookContext): Promise<void> {
  if (!(ctx.state as DocumentState).activated || !ctx.id || !isUuid(ctx.id)) return;
  await systemUpdate(ctx.tx, 'DocumentEntity', ctx.id, { activeSince: new Date().toISOString().slice(0, 10) });
}

export const documentHooks: SaveHooks = { prepare, beforeWrite, afterWrite };

// ---------------------------------------------------------------- links

const DOCUMENT_TYPES_DOCUMENTS = 'DocumentTypesDocuments';

interface DocumentFacts {
  id: string;
  status: string | null;
  documentTypess: { id: string; meaDocument: boolean | null }[];
}

/** Documents `ids` with their status and types (the save's transaction, every row). */
async function documentFacts(db: Db, ids: readonly string[]): Promise<DocumentFacts[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (!valid.length) return [];
  return (await listRecords(
    db,
    SYSTEM_CALLER,
    getEntity('DocumentEntity'),
    { ids: valid },
    { id: true, status: true, documentTypess: { id: true, meaDocument: true } },
  )) as DocumentFacts[];
}

/**
 * Accounts are linked only to documents a member may attach (access/attach.ts: neither pending
 * nor member-body), whichever side writes the link: the account's documentss, or a
 * DocumentsMehubAccounts row. Administrators link any.
 */
export async function assertLinkableDocuments(ctx: SaveHookContext, ids: readonly string[], path: string): Promise<void> {
  if (isAdministrator(ctx.caller) || !ids.length) return;
  for (const d of await documentFacts(ctx.tx, ids)) {
    if (d.status === 'PENDING') throw fieldRefusal(path, recordMessages.documentLinkPending);
    if (d.documentTypess.some((t) => t.meaDocument)) throw fieldRefusal(path, recordMessages.documentMea);
  }
}

export const documentAccountLinkHooks: SaveHooks = {
  async beforeWrite(ctx) {
    if (typeof ctx.input.documentsId === 'string') await assertLinkableDocuments(ctx, [ctx.input.documentsId], 'documentsId');
  },
};

/** The type links `ids` (DocumentTypesDocuments rows) with their document and type. */
async function typeLinks(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; documentsId: string | null; documentTypesId: string | null }[]> {
  return (await listRecords(
    db,
    SYSTEM_CALLER,
    getEntity(DOCUMENT_TYPES_DOCUMENTS),
    { ids: [...ids] },
    {
      id: true,
      documentsId: true,
      documentTypesId: true,
    },
  )) as { id: string; documentsId: string | null; documentTypesId: string | null }[];
}

/** Documents `ids` each keep a type once the type links `removed` are gone (member-site.md: a document has at least one type). */
async function assertTypesKept(db: Db, documentIds: readonly string[], removed: readonly string[]): Promise<void> {
  const gone = new Set(removed);
  for (const d of await documentFacts(db, documentIds)) {
    const links = (await listRecords(
      db,
      SYSTEM_CALLER,
      getEntity(DOCUMENT_TYPES_DOCUMENTS),
      { where: [{ path: 'documentsId', comparison: 'equal', value: [d.id] }] },
      { id: true },
    )) as { id: string }[];
    if (!links.some((l) => !gone.has(l.id))) throw fieldRefusal('documentTypess', messages.atLeastOne);
  }
}

/**
 * A document's types change with the document's rules, whichever way they are written: a
 * member's DocumentTypesDocuments row never gives a document a member-body type, and never
 * takes a document's last type away (deleted, or moved to another document). Administrators
 * write any.
 */
export const documentTypeLinkHooks: SaveHooks = {
  async beforeWrite(ctx) {
    if (isAdministrator(ctx.caller)) return;
    const typeId = ctx.input.documentTypesId;
    if (typeof typeId === 'string') assertMeaDocumentWrite(ctx.caller, await isMea(ctx.tx, [typeId], null));
    if (typeof ctx.input.documentsId === 'string') assertMeaDocumentWrite(ctx.caller, await isMea(ctx.tx, null, ctx.input.documentsId));
    if (ctx.mode !== 'update' || !ctx.id || !Object.hasOwn(ctx.input, 'documentsId')) return;
    const [stored] = await typeLinks(ctx.tx, [ctx.id]);
    if (stored?.documentsId && stored.documentsId !== ctx.input.documentsId) await assertTypesKept(ctx.tx, [stored.documentsId], [ctx.id]);
  },
  async beforeDelete(ctx) {
    if (isAdministrator(ctx.caller)) return;
    const links = await typeLinks(ctx.tx, ctx.ids);
    await assertTypesKept(
      ctx.tx,
      links.flatMap((l) => (l.documentsId ? [l.documentsId] : [])),
      ctx.ids,
    );
  },
};
