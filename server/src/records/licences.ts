import { approvedLicenceStatus, getEntity, isUuid, toWireDate } from '@hub/model';
import { approvesLicences, assertLicenceAccount, assertLicenceStatusRequest } from '../access/records';
import type { DeleteHookContext, SaveHookContext, SaveHooks } from '../crud/hooks';
import { getRecord, listRecords } from '../crud/list';
import { SYSTEM_CALLER, systemUpdate } from '../crud/system';

/**
 * Licence rules (member-site.md section 4, data-layer.md section 4), whatever the client sends:
 * - a save by a manager-type role, a back-end holder or an administrator is approved at once:
 *   ACTIVE with no renewal date or one in the future, else EXPIRED, authorized now (Approve is
 *   such a save with status ACTIVE);
 * - anyone else's save leaves or puts the licence PENDING, not authorized, and they set neither
 *   status nor authorizedDate;
 * - a member who does not approve licences keeps them to their own account (access/records.ts).
 * Remove is a delete (access/records.ts assertDeleteRules).
 */

interface State {
  approved?: boolean;
}

interface Stored {
  status: string | null;
  renewalDate: string | null;
  mehubAccountId: string | null;
}

async function beforeWrite(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, input } = ctx;
  let stored: Stored | null = null;
  if (ctx.mode === 'update' && ctx.id)
    stored = (await getRecord(tx, SYSTEM_CALLER, getEntity('LicenceEntity'), ctx.id, {
      status: true,
      renewalDate: true,
      mehubAccountId: true,
    })) as Stored | null;
  const account = Object.hasOwn(input, 'mehubAccountId') ? input.mehubAccountId : stored?.mehubAccountId;
  if (ctx.mode === 'create' || Object.hasOwn(input, 'mehubAccountId')) assertLicenceAccount(caller, account);
  assertLicenceStatusRequest(caller, input.status, stored?.status ?? null);
  const approved = approvesLicences(caller);
  (ctx.state as State).approved = approved;
  if (approved) {
    const renewal = Object.hasOwn(input, 'renewalDate') ? (input.renewalDate as string | null) : (stored?.renewalDate ?? null);
    input.status = approvedLicenceStatus(typeof renewal === 'string' ? renewal : null);
  } else input.status = 'PENDING';
}

/** authorizedDate is read-only to every client: the server writes it here. */
async function afterWrite(ctx: SaveHookContext): Promise<void> {
  if (!ctx.id || !isUuid(ctx.id)) return;
  const approved = (ctx.state as State).approved;
  await systemUpdate(ctx.tx, 'LicenceEntity', ctx.id, { authorizedDate: approved ? toWireDate(new Date()) : null });
}

export const licenceHooks: SaveHooks = { beforeWrite, afterWrite };

// ---------------------------------------------------------------- attachments

/** The licences the attachments `ids` hang off (the save's or delete's transaction, every row). */
async function licencesOf(tx: SaveHookContext['tx'], ids: readonly string[]): Promise<string[]> {
  const rows = (await listRecords(tx, SYSTEM_CALLER, getEntity('LicenceAttachmentsEntity'), { ids: [...ids] }, { licenceId: true })) as {
    licenceId: string | null;
  }[];
  return rows.flatMap((r) => (r.licenceId ? [r.licenceId] : []));
}

/** Licences `ids` wait for approval again: PENDING, not authorized (an edit by someone who does not approve licences). */
async function reopen(tx: SaveHookContext['tx'], ids: readonly string[]): Promise<void> {
  for (const id of new Set(ids.filter(isUuid)))
    await systemUpdate(tx, 'LicenceEntity', id, { status: 'PENDING', authorizedDate: null }, { touch: true });
}

interface AttachmentState {
  licences?: string[];
}

/**
 * A licence's attachments are part of it: one added, moved or removed by someone who does not
 * approve licences puts the licence (both, when moved) back to PENDING with no authorizedDate,
 * like any other edit of theirs; an approver's leaves the status as it is.
 */
async function attachmentBeforeWrite(ctx: SaveHookContext): Promise<void> {
  if (approvesLicences(ctx.caller)) return;
  const licences = typeof ctx.input.licenceId === 'string' ? [ctx.input.licenceId] : [];
  if (ctx.mode === 'update' && ctx.id) licences.push(...(await licencesOf(ctx.tx, [ctx.id])));
  (ctx.state as AttachmentState).licences = licences;
}

/** After the write: the reference checks have held the licences to the caller's own. */
async function attachmentAfterWrite(ctx: SaveHookContext): Promise<void> {
  await reopen(ctx.tx, (ctx.state as AttachmentState).licences ?? []);
}

async function attachmentBeforeDelete(ctx: DeleteHookContext): Promise<void> {
  if (approvesLicences(ctx.caller)) return;
  await reopen(ctx.tx, await licencesOf(ctx.tx, ctx.ids));
}

export const licenceAttachmentHooks: SaveHooks = {
  beforeWrite: attachmentBeforeWrite,
  afterWrite: attachmentAfterWrite,
  beforeDelete: attachmentBeforeDelete,
};
