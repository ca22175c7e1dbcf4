import { ACTION_DUE_GRACE_DAYS, getEntity, isUuid, toWireDate } from '@hub/model';
import { actionMessages, dueDateIssue } from '@hub/model/forms';
import { assertActionCreate, assertActionUpdate, type StoredAction } from '../access/actions';
import { isAdministrator } from '../access/caller';
import { fieldRefusal } from '../access/records';
import type { SaveHookContext, SaveHooks } from '../crud/hooks';
import { getRecord, listRecords } from '../crud/list';
import { SYSTEM_CALLER, systemUpdate } from '../crud/system';
import type { Db } from '../db/client';

/**
 * The workflow of a corrective action (issue 15), whoever saves it (GraphQL, multipart with the
 * closing photo, bulk updates, the submission that raises it, the seed); who may is
 * access/actions.ts's:
 * - closing (OPEN to CLOSED) needs a closing comment, and stamps closedAt and closedBy;
 * - reopening (a manager's CLOSED to OPEN) clears the stamps;
 * - the assignee is a user of the action's organisation, and active when (re)assigned (an action
 *   whose assignee was deactivated later keeps them until a manager reassigns it).
 */

const ACTIONS = () => getEntity('CorrectiveActionEntity');

interface Stored extends StoredAction {
  closingComment: string | null;
  closingPhotoId: string | null;
  memberOrganisationId: string | null;
}

interface State {
  closing?: boolean;
  reopening?: boolean;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** A day as stored or sent ('YYYY-MM-DD', or with a time: the day as written). */
const dayOfValue = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : v);

/**
 * A due date set or changed by this save is at most a day in the past (the caller's day may be
 * ahead of the server's) and at most ACTION_DUE_MAX_DAYS ahead; one sent back as stored is no change.
 * An action raised by a submission (the hub's own save, `raised`) has the submission's window:
 * a form filled offline arrives days later with the due date its filler chose then
 * (ACTION_DUE_GRACE_DAYS, checked with the submission's answers).
 */
function assertDueDate(input: Record<string, unknown>, stored: unknown, raised = false): void {
  if (!Object.hasOwn(input, 'dueDate') || dayOfValue(input.dueDate) === dayOfValue(stored)) return;
  if (input.dueDate === null || input.dueDate === undefined) return;
  const graceDays = raised ? ACTION_DUE_GRACE_DAYS : 1;
  const message = dueDateIssue(dayOfValue(input.dueDate), { today: toWireDate(new Date()).slice(0, 10), graceDays });
  if (message) throw fieldRefusal('dueDate', message);
}

/**
 * The closing comment and photo are written by the save that closes the action (the assignee's
 * or a manager's), or corrected by an administrator on a closed one; never on an open action.
 */
function assertClosingFields(input: Record<string, unknown>, stored: Stored | null, closingNow: boolean, admin: boolean): void {
  if (closingNow || (admin && stored?.status === 'CLOSED')) return;
  const comment = Object.hasOwn(input, 'closingComment') && (input.closingComment ?? '') !== (stored?.closingComment ?? '');
  const photoId = Object.hasOwn(input, 'closingPhotoId') && (input.closingPhotoId ?? null) !== (stored?.closingPhotoId ?? null);
  const photo = Object.hasOwn(input, 'closingPhoto') && input.closingPhoto != null;
  if (comment || photoId || photo) throw fieldRefusal(comment ? 'closingComment' : 'closingPhoto', actionMessages.closingOnly);
}

/**
 * The assignee `assigneeId` is an active user of organisation `org` (the reference check already
 * held a member to what they may read). Whether another organisation's account is active is
 * never asked: only this organisation's accounts are looked at, and an unknown id is refused
 * with the same message as another organisation's.
 */
async function assertAssignee(tx: Db, assigneeId: unknown, org: string | null): Promise<void> {
  if (assigneeId === null || assigneeId === undefined || assigneeId === '') return;
  const found =
    typeof assigneeId === 'string' && isUuid(assigneeId) && org
      ? ((await listRecords(
          tx,
          SYSTEM_CALLER,
          getEntity('MehubAccountEntity'),
          { ids: [assigneeId], take: 1, where: [{ path: 'memberOrganisationId', comparison: 'equal', value: [org] }] },
          { id: true, isActive: true },
        )) as { id: string; isActive: boolean }[])
      : [];
  if (!found.length) throw fieldRefusal('assigneeId', actionMessages.assignee);
  if (!found[0].isActive) throw fieldRefusal('assigneeId', actionMessages.assigneeInactive);
}

async function beforeWrite(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, input } = ctx;
  const state = ctx.state as State;
  if (ctx.mode === 'create') {
    assertActionCreate(caller);
    await assertAssignee(tx, input.assigneeId, typeof input.memberOrganisationId === 'string' ? input.memberOrganisationId : null);
    if (input.status === 'CLOSED') {
      if (blank(input.closingComment)) throw fieldRefusal('closingComment', actionMessages.closingComment);
      state.closing = true;
    }
    assertClosingFields(input, null, state.closing === true, true);
    assertDueDate(input, null, caller === SYSTEM_CALLER);
    return;
  }
  const stored = (await getRecord(tx, SYSTEM_CALLER, ACTIONS(), ctx.id!, {
    status: true,
    assigneeId: true,
    description: true,
    priority: true,
    dueDate: true,
    closingComment: true,
    closingPhotoId: true,
    memberOrganisationId: true,
  })) as Stored | null;
  if (!stored) return;
  assertActionUpdate(caller, stored, input);
  if (Object.hasOwn(input, 'assigneeId') && input.assigneeId !== stored.assigneeId)
    await assertAssignee(tx, input.assigneeId, stored.memberOrganisationId);
  const status = input.status ?? stored.status;
  if (status === 'CLOSED' && stored.status !== 'CLOSED') {
    const comment = Object.hasOwn(input, 'closingComment') ? input.closingComment : stored.closingComment;
    if (blank(comment)) throw fieldRefusal('closingComment', actionMessages.closingComment);
    state.closing = true;
  }
  if (status === 'OPEN' && stored.status === 'CLOSED') state.reopening = true;
  assertClosingFields(input, stored, state.closing === true, isAdministrator(caller));
  assertDueDate(input, stored.dueDate);
}

/** closedAt and closedBy are read-only to every client: the server writes them here. */
async function afterWrite(ctx: SaveHookContext): Promise<void> {
  const state = ctx.state as State;
  if (!ctx.id) return;
  if (state.closing) {
    // The one who closed it, when a member did (administrators are no member account).
    const closedBy = ctx.caller?.kind === 'account' ? ctx.caller.userId : null;
    await systemUpdate(ctx.tx, 'CorrectiveActionEntity', ctx.id, { closedAt: toWireDate(new Date()), closedBy });
  }
  if (state.reopening) await systemUpdate(ctx.tx, 'CorrectiveActionEntity', ctx.id, { closedAt: null, closedBy: null });
}

export const actionHooks: SaveHooks = { beforeWrite, afterWrite };
