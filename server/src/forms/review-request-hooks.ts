import { assertReviewRequestWrite } from '../access/forms';
import type { SaveHooks } from '../crud/hooks';

export { reviewRequestMessages } from '../access/forms';

/**
 * A review request records a review; only the submission's review writes it, as the system
 * caller (submission-hooks.ts, recordReview). What members may change of it is decided in
 * access/forms.ts.
 */
export const reviewRequestHooks: SaveHooks = {
  prepare: (ctx) => assertReviewRequestWrite(ctx.caller, ctx.mode, ctx.input),
};
