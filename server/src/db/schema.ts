/**
 * The schema module drizzle-kit reads to generate migrations. Every table must be a
 * top-level named export (an exported object yields "0 tables"), so the entities' tables
 * are listed by name below rather than derived: the compiler (UnexportedTables, below) and
 * schema.test.ts check that list against the model's registry.
 */
import type { TableName } from '@hub/model';
import { buildTables } from './tables';

// The hub's own tables (sessions, files, settings...): every export of internal.ts is one.
export * from './internal';

// The registry's entities, one export each. A name that is no table of the registry does not
// compile; neither does leaving one out (drizzle-kit would silently skip it), see below.
export const {
  additional_attachment,
  apikey,
  asset,
  asset_attachments,
  corrective_action,
  document,
  document_types,
  feedback_and_help,
  form_photo,
  form_review_request,
  form_submissions,
  forms,
  forms_entity_form_version,
  forms_entity_form_tile,
  guidance,
  guidance_topic,
  home_page_link,
  licence,
  licence_attachments,
  mehub_account,
  mehub_admin,
  member_organisation,
  news,
  reminder_log,
  role,
  role_safety_link_permission,
  safety_link,
  safety_link_section,
  searches,
  standard,
  template,
  mehub_account_timeline_events,
  link_form_submissions_assets,
  link_forms_document_types,
  link_document_types_documents,
  link_form_submissions_documents,
  link_roles_mea_document_access,
  link_assets_mehub_accounts,
  link_documents_mehub_accounts,
  link_forms_member_organisations,
  link_document_types_templates,
} = buildTables();

type MustBeNever<T extends never> = T;
/** A compile error naming any table of the registry not exported above ("'news' does not satisfy the constraint 'never'"). */
export type UnexportedTables = MustBeNever<Exclude<TableName, keyof typeof import('./schema')>>;
