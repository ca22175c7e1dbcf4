import type { EntityName } from '@hub/model';
import { ForbiddenError } from '../core/errors';
import { isAdministrator, type Caller } from './caller';

/**
 * Who may write what of the forms entities (the save hooks of server/src/forms/ ask here and
 * keep only the form rules: answers, versions, reviews). Administrators may correct anything.
 */

/**
 * Entities whose saves run workflow rules in save hooks (FORM_HOOKS of server/src/forms/, which
 * a test holds to this list). Decided here, not by asking what is registered, so that access
 * never depends on which modules were loaded.
 */
export const HOOKED_ENTITIES: ReadonlySet<EntityName> = new Set<EntityName>([
  'FormSubmissionsEntity',
  'FormReviewRequestEntity',
  'FormsEntityFormVersion',
  'CorrectiveActionEntity',
]);

export const reviewRequestMessages = {
  create: 'A review request is made by reviewing the submission',
  fields: (names: string[]) =>
    `Only showNotification of a review request can be changed (not ${names.join(', ')}): the review itself is changed by reviewing the submission`,
} as const;

export const submissionAccessMessages = {
  onlyCompleted: 'Only a completed submission can be updated',
} as const;

/** What a member may change of a review request: whether its notification shows. */
export const REVIEW_REQUEST_MEMBER_WRITABLE: ReadonlySet<string> = new Set(['id', 'showNotification']);

/**
 * A submission's columns a member's update never changes: owner, version, state and the job
 * columns derived from the answers stay as submitted.
 */
export const SUBMISSION_MEMBER_FIXED = [
  'mehubAccountId',
  'formVersionId',
  'isCompleted',
  'jobNumber',
  'jobAddress',
  'formReviewRequestId',
] as const;

/**
 * A review request records a review (its answers, reviewer and time); only the submission's
 * review writes it, as the system caller. Members with the update right (reviewers) may only
 * show or hide its notification.
 */
export function assertReviewRequestWrite(caller: Caller | null, mode: 'create' | 'update', input: Record<string, unknown>): void {
  if (isAdministrator(caller)) return;
  if (mode === 'create') throw new ForbiddenError(reviewRequestMessages.create);
  const others = Object.keys(input).filter((k) => !REVIEW_REQUEST_MEMBER_WRITABLE.has(k));
  if (others.length) throw new ForbiddenError(reviewRequestMessages.fields(others));
}

/** What the submission rules let `caller` do beyond a member's own filling-in. */
export interface SubmissionRights {
  /**
   * Administrators: keep a bare record without a form version (data repair), write review
   * answers while creating, correct any answer, give the submission another owner.
   */
  admin: boolean;
}

export function submissionRights(caller: Caller | null): SubmissionRights {
  return { admin: isAdministrator(caller) };
}

/** A new submission of a member (an account) is always their own, whatever the client sent. */
export function submissionCreateInput(caller: Caller | null, input: Record<string, unknown>): void {
  if (caller?.kind === 'account') input.mehubAccountId = caller.userId;
}

/**
 * A member's update of a submission: only a completed one (a draft is its owner's, changed
 * by filling it in), and never its fixed columns (removed from `input`).
 */
export function submissionUpdateInput(caller: Caller | null, stored: { isCompleted: boolean }, input: Record<string, unknown>): void {
  if (isAdministrator(caller)) return;
  if (!stored.isCompleted) throw new ForbiddenError(submissionAccessMessages.onlyCompleted);
  for (const key of SUBMISSION_MEMBER_FIXED) delete input[key];
}
