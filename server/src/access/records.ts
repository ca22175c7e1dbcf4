import {
  canApproveLicence,
  canChangeDocumentStatus,
  canEditOtherAccounts,
  recordMessages,
  recordViewer,
  type EntityDef,
  type RecordViewer,
} from '@hub/model';
import { ForbiddenError, ValidationError } from '../core/errors';
import type { Db } from '../db/client';
import { isAdministrator, type Caller } from './caller';

/**
 * Who may do what with the member records (assets, documents, licences, user accounts): the
 * permission side of their workflow (member-site.md sections 4 and 6). The rules themselves
 * (statuses, links, dates) live in server/src/records and ask here; the web asks the same pure
 * facts (model/src/records.ts).
 */

/** The caller as the workflow facts see them; a visitor is nobody. */
export function viewerOf(caller: Caller | null): RecordViewer {
  return recordViewer(caller?.role ?? null, caller?.groups ?? []);
}

// ---------------------------------------------------------------- documents

/**
 * A document's status change from `from` to `to` by `caller`: SafetyManager, back-end access and
 * administrators only. (Which changes are transitions at all is the workflow's: records/.)
 */
export function assertDocumentStatusChange(caller: Caller | null): void {
  if (!canChangeDocumentStatus(viewerOf(caller))) throw new ForbiddenError(recordMessages.documentStatus);
}

/** Member-body documents (any of their types flagged meaDocument) are changed by administrators only. */
export function assertMeaDocumentWrite(caller: Caller | null, mea: boolean): void {
  if (mea && !isAdministrator(caller)) throw new ForbiddenError(recordMessages.documentMea);
}

// ---------------------------------------------------------------- licences

/** Whether `caller`'s licence saves are approved at once, and they approve and change their organisation's licences. */
export function approvesLicences(caller: Caller | null): boolean {
  return canApproveLicence(viewerOf(caller));
}

/**
 * A licence saved for account `accountId`: a member who does not approve licences adds and
 * changes licences of their own account only (an approver: any account they may see, which
 * the reference check holds to their organisation). API tokens are an organisation, not a
 * person: their licences wait for approval like a worker's.
 */
export function assertLicenceAccount(caller: Caller | null, accountId: unknown): void {
  if (!caller || caller.kind !== 'account' || approvesLicences(caller)) return;
  if (accountId !== caller.userId) throw new ForbiddenError(recordMessages.licenceOwnOnly);
}

/** A licence status a saver who does not approve licences asked for (anything but pending, or what is stored, is refused). */
export function assertLicenceStatusRequest(caller: Caller | null, requested: unknown, stored: string | null): void {
  if (approvesLicences(caller) || requested === undefined || requested === null) return;
  if (requested !== 'PENDING' && requested !== stored) throw new ForbiddenError(recordMessages.licenceApprove);
}

/**
 * Entities whose rows a caller writes for colleagues of their organisation too, not only their
 * own: licences (and what hangs off them) for those who approve licences. scope.ts ownedSql
 * asks this for rows that belong to a member.
 */
export function writesColleaguesRows(entity: EntityDef, caller: Caller | null): boolean {
  return entity.name === 'LicenceEntity' && approvesLicences(caller);
}

// ---------------------------------------------------------------- user accounts

/** Managers, back-end holders and administrators change colleagues' accounts; everyone else only their own. */
export function editsOtherAccounts(caller: Caller | null): boolean {
  return canEditOtherAccounts(viewerOf(caller));
}

/** Setting who is an organisation's primary contact: the same people who edit colleagues' accounts. */
export function assertPrimaryContactWrite(caller: Caller | null): void {
  if (!editsOtherAccounts(caller)) throw new ForbiddenError(recordMessages.primaryContact);
}

// ---------------------------------------------------------------- deletes

/**
 * The workflow's rules on deleting rows `ids` of `entity` (already locked and in the caller's
 * write scope), in the delete's transaction: a document is removed only while pending and never
 * a member-body one; a licence by an approver, or by its own holder while pending.
 * Administrators delete anything the matrix lets them.
 */
export async function assertDeleteRules(db: Db, caller: Caller | null, entity: EntityDef, ids: readonly string[]): Promise<void> {
  if (!ids.length || isAdministrator(caller)) return;
  if (entity.name === 'DocumentEntity') {
    const { rows } = await db.query<{ pending: boolean; mea: boolean }>(
      `SELECT d.status = 'PENDING' AS pending, EXISTS (SELECT 1 FROM link_document_types_documents l JOIN document_types dt
         ON dt.id = l.document_types_id WHERE l.documents_id = d.id AND dt.mea_document) AS mea
       FROM document d WHERE d.id = ANY($1::uuid[])`,
      [[...ids]],
    );
    if (rows.some((r) => r.mea)) throw new ForbiddenError(recordMessages.documentMea);
    if (!canChangeDocumentStatus(viewerOf(caller))) throw new ForbiddenError(recordMessages.documentRemove);
    if (rows.some((r) => !r.pending)) throw new ForbiddenError(recordMessages.documentRemoveOnlyPending);
  }
  if (entity.name === 'LicenceEntity' && !approvesLicences(caller)) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM licence WHERE id = ANY($1::uuid[]) AND (status IS DISTINCT FROM 'PENDING' OR mehub_account_id IS DISTINCT FROM $2::uuid)`,
      [[...ids], caller?.userId ?? null],
    );
    if (Number(rows[0].n) > 0) throw new ForbiddenError(recordMessages.licenceRemove);
  }
}

/** A refusal of one input field, for the save's error paths. */
export function fieldRefusal(path: string, message: string): ValidationError {
  return new ValidationError([{ path, code: 'invalid', message }]);
}
