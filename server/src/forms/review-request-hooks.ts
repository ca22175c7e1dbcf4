import { isAdministrator } from '../access/caller';
import { ForbiddenError } from '../core/errors';
import { registerSaveHooks, type SaveHookContext } from '../crud/hooks';

export const reviewRequestMessages = {
  create: 'A review request is made by reviewing the submission',
  fields: (names: string[]) =>
    `Only showNotification of a review request can be changed (not ${names.join(', ')}): the review itself is changed by reviewing the submission`,
} as const;

/** What a member may change of a review request: whether its notification shows. */
const MEMBER_WRITABLE = new Set(['id', 'showNotification']);

/**
 * A review request records a review (its answers, reviewer and time); only the submission's
 * review writes it, as the system caller (submission-hooks.ts, recordReview). Members with
 * the update right (reviewers) may only show or hide its notification; administrators may
 * correct anything.
 */
function prepare(ctx: SaveHookContext): void {
  if (isAdministrator(ctx.caller)) return;
  if (ctx.mode === 'create') throw new ForbiddenError(reviewRequestMessages.create);
  const others = Object.keys(ctx.input).filter((k) => !MEMBER_WRITABLE.has(k));
  if (others.length) throw new ForbiddenError(reviewRequestMessages.fields(others));
}

export function registerReviewRequestHooks(): void {
  registerSaveHooks('FormReviewRequestEntity', { prepare });
}
