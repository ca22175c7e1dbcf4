import type { FastifyInstance } from 'fastify';
import type { EntityName } from '@hub/model';
import { provideHookServices, type HookServices, type SaveHooks } from '../crud/hooks';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { attachRoutes } from './attach-routes';
import { draftRoutes } from './draft-routes';
import { notifyRoutes } from './notify-routes';
import { pdfRoutes } from './pdf-routes';
import { reviewRequestHooks } from './review-request-hooks';
import { submissionHooks } from './submission-hooks';
import { versionHooks } from './version-hooks';

/**
 * The save hooks of the forms entities: the submission, review request and form version rules
 * run by every save. Importing this module registers nothing; the app opts in by calling
 * registerFormHooks(registerSaveHooks) at build (app.ts).
 */
export const FORM_HOOKS: Readonly<Partial<Record<EntityName, SaveHooks>>> = {
  FormSubmissionsEntity: submissionHooks,
  FormReviewRequestEntity: reviewRequestHooks,
  FormsEntityFormVersion: versionHooks,
};

export function registerFormHooks(register: (entity: EntityName, hooks: SaveHooks) => void): void {
  for (const [entity, hooks] of Object.entries(FORM_HOOKS) as [EntityName, SaveHooks][]) register(entity, hooks);
}

/**
 * Forms and submissions (issue 5, server side): the draft, form-type and review routes, and
 * the PDFs; the hooks' mail and address for saves on `env.db`.
 */
export function formsModule(app: FastifyInstance, env: { db: Db; storage: FileStorage }, services: HookServices): void {
  provideHookServices(env.db, services);
  draftRoutes(app, env);
  attachRoutes(app, env);
  pdfRoutes(app, env.db);
  notifyRoutes(app, env.db, services);
}
