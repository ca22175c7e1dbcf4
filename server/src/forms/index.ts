import type { FastifyInstance } from 'fastify';
import type { EntityName } from '@hub/model';
import { provideHookServices, type HookServices, type SaveHooks } from '../crud/hooks';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { actionHooks } from './action-hooks';
import { attachRoutes } from './attach-routes';
import { ATTACH_LINK_HOOKS } from './attach-rules';
import { draftRoutes } from './draft-routes';
import { notifyRoutes } from './notify-routes';
import { pdfRoutes } from './pdf-routes';
import { photoHooks } from './photos';
import { reviewRequestHooks } from './review-request-hooks';
import { submissionHooks } from './submission-hooks';
import { versionHooks } from './version-hooks';
import { versionRoutes } from './version-routes';

/**
 * The save hooks of the forms entities: the submission, review request and form version rules
 * run by every save. Importing this module registers nothing; the app opts in by calling
 * registerFormHooks(registerSaveHooks) at build (app.ts).
 */
export const FORM_HOOKS: Readonly<Partial<Record<EntityName, SaveHooks>>> = {
  FormSubmissionsEntity: submissionHooks,
  FormReviewRequestEntity: reviewRequestHooks,
  FormsEntityFormVersion: versionHooks,
  CorrectiveActionEntity: actionHooks,
};

/**
 * Registers FORM_HOOKS, the photo upload rules, and the attach rule on the submissions' link rows written on their own
 * (ATTACH_LINK_HOOKS, forms/attach-rules.ts): checks added to those rows' own scope, which still
 * decides who writes them, hence not in FORM_HOOKS nor access's HOOKED_ENTITIES.
 */
export function registerFormHooks(register: (entity: EntityName, hooks: SaveHooks) => void): void {
  for (const [entity, hooks] of Object.entries(FORM_HOOKS) as [EntityName, SaveHooks][]) register(entity, hooks);
  for (const [entity, hooks] of Object.entries(ATTACH_LINK_HOOKS) as [EntityName, SaveHooks][]) register(entity, hooks);
  // A photo's upload: the uploader's own, a JPEG, once per idempotency key (forms/photos.ts).
  register('FormPhotoEntity', photoHooks);
}

/**
 * Forms and submissions (issue 5, server side): the draft, form-type and review routes, and
 * the PDFs, publishing and discarding form versions; the hooks' mail and address for saves on `env.db`.
 */
export function formsModule(app: FastifyInstance, env: { db: Db; storage: FileStorage }, services: HookServices): void {
  provideHookServices(env.db, { ...services, storage: env.storage });
  draftRoutes(app, env);
  attachRoutes(app, env);
  pdfRoutes(app, env.db, env.storage);
  notifyRoutes(app, env.db, services);
  versionRoutes(app, env);
}
