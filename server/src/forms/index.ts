import type { FastifyInstance } from 'fastify';
import { provideHookServices, type HookServices } from '../crud/hooks';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { draftRoutes } from './draft-routes';
import { notifyRoutes } from './notify-routes';
import { pdfRoutes } from './pdf-routes';
import { registerReviewRequestHooks } from './review-request-hooks';
import { registerSubmissionHooks } from './submission-hooks';
import { registerVersionHooks } from './version-hooks';

/**
 * Forms and submissions (issue 5, server side): the submission, review request and form version rules run by every save,
 * the draft, form-type and review routes, and the PDFs.
 */
export function formsModule(app: FastifyInstance, env: { db: Db; storage: FileStorage }, services: HookServices): void {
  registerSubmissionHooks();
  registerVersionHooks();
  registerReviewRequestHooks();
  provideHookServices(env.db, services);
  draftRoutes(app, env);
  pdfRoutes(app, env.db);
  notifyRoutes(app, env.db, services);
}
