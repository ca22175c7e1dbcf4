import { isManagerRole, recordViewer } from '@hub/model';
import { actionMessages } from '@hub/model/forms';
import { ForbiddenError } from '../core/errors';
import { isAdministrator, type Caller } from './caller';

/**
 * Who may do what with corrective actions (issue 15), the one place it is decided: the scope
 * rule 'correctiveActions' (scope.ts) reads managesActions, the actions' save hooks
 * (server/src/forms/action-hooks.ts) ask assertActionUpdate and keep only the workflow (closing
 * stamps, the assignee's organisation).
 *
 * - Managers (manager roles: SafetyManager, Manager, Pro-Manager) and back-end holders read and
 *   change every action of their organisation: reassign, change the due date, priority and
 *   description, close and reopen.
 * - The assignee reads their actions and may close them (status, closing comment and photo),
 *   nothing else.
 * - Nobody else of the organisation reads them; no other organisation ever (the scope).
 * - Members never create one: a completed submission's save raises them (as the system), and
 *   nobody but an administrator deletes one (the matrix).
 */

/** Whether `caller` reads and changes all of their organisation's corrective actions. */
export function managesActions(caller: Caller | null): boolean {
  if (!caller || caller.kind !== 'account') return false;
  const viewer = recordViewer(caller.role, caller.groups);
  return viewer.backend || isManagerRole(caller.role);
}

/** What the assignee of an action writes when closing it. */
export const ASSIGNEE_WRITABLE: ReadonlySet<string> = new Set(['id', 'status', 'closingComment', 'closingPhoto']);

/** The stored action an update is judged against. */
export interface StoredAction {
  status: string | null;
  assigneeId: string | null;
  description: string | null;
  priority: string | null;
  dueDate: string | null;
}

/**
 * An update of an action by `caller` (already in their write scope: a manager's organisation,
 * or an assignee's own). Administrators change anything. A closed action changes only by being
 * reopened by a manager. The assignee who is no manager closes it and changes nothing else
 * (values sent back as stored are no change: a whole-record save).
 */
export function assertActionUpdate(caller: Caller | null, stored: StoredAction, input: Record<string, unknown>): void {
  if (isAdministrator(caller)) return;
  const manager = managesActions(caller);
  if (stored.status === 'CLOSED' && !(manager && input.status === 'OPEN')) throw new ForbiddenError(actionMessages.closedAlready);
  if (manager) return;
  const same: Record<string, unknown> = {
    assigneeId: stored.assigneeId,
    description: stored.description,
    priority: stored.priority,
    dueDate: stored.dueDate,
  };
  const changed = Object.keys(input).filter((k) => !ASSIGNEE_WRITABLE.has(k) && !(Object.hasOwn(same, k) && input[k] === same[k]));
  if (changed.length || input.status === 'OPEN') throw new ForbiddenError(actionMessages.assigneeCloseOnly);
}

/** Members never create an action directly (the matrix refuses it too): the submission raises it. */
export function assertActionCreate(caller: Caller | null): void {
  if (!isAdministrator(caller)) throw new ForbiddenError(actionMessages.createdBySubmission);
}
