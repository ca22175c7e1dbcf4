import type { FormDefinition } from '@hub/model/forms';
import { parseWireDate } from '@hub/model/values';
import { api } from '../../client/api';
import { graphqlRequest } from '../../client/graphql';

/** The Forms Builder's tabs (back-office 2.1): the first is the fallback of an unknown tab. */
export const FORM_TABS = [
  { value: 'active-forms', label: 'Active Forms', active: true },
  { value: 'inactive-forms', label: 'Inactive Forms', active: false },
] as const;
export type FormTab = (typeof FORM_TABS)[number]['value'];

/** A form as a Forms Builder tile shows it. */
export interface FormTileData {
  id: string;
  name: string;
  formType: string;
  isActive: boolean | null;
  modified: string | null;
  /** The server's derived status: 'Published' or 'Draft' (model formStatus). */
  status: string;
  publishedVersionId: string | null;
  publishedVersion: { id: string; version: number } | null;
  formVersions: { id: string; version: number; active: boolean | null; modified?: string; inUse?: boolean | null }[];
  /** The organisations the form is assigned to (Make inactive removes them: back-office 4). */
  memberOrganisationss?: { id: string; name: string | null }[];
}

/** When the form last changed as an administrator means it: the latest of the form's and its versions' modified times (saving a draft changes only a version). */
export function lastModified(form: Pick<FormTileData, 'modified' | 'formVersions'>): string | null {
  const times = [form.modified, ...form.formVersions.map((v) => v.modified)].filter((t): t is string => !!t);
  const at = (t: string) => parseWireDate(t)?.getTime() ?? -Infinity;
  return times.reduce<string | null>((latest, t) => (latest === null || at(t) > at(latest) ? t : latest), null);
}

export const formsKey = (tab: FormTab) => ['forms-builder', tab] as const;

/** back-office 7, "Forms list where isActive and formType": one tab's forms, grouped by type on the page. */
export async function fetchForms(active: boolean): Promise<FormTileData[]> {
  const { r } = await graphqlRequest<{ r: FormTileData[] }>(
    `query($c: [[WhereExpressionGraph!]!]) { r: formsEntitys(conditions: $c, orderBy: [{path: "name"}, {path: "id"}]) {
      id name formType isActive modified status publishedVersionId publishedVersion { id version }
      formVersions { id version active modified inUse } memberOrganisationss { id name } } }`,
    // Inactive: false or never set, as a form is created inactive.
    { c: [[{ path: 'isActive', comparison: active ? 'equal' : 'notEqual', value: ['true'] }]] },
  );
  return r;
}

/** Make active / Make inactive: the server removes a form's organisation links when it is made inactive. */
export async function setFormActive(id: string, isActive: boolean): Promise<void> {
  await graphqlRequest(`mutation($m: [FormsEntityInput!]!) { r: updateFormsEntity(formsEntityModels: $m) { id } }`, {
    m: [{ id, isActive }],
  });
}

/** Deletes the form's unpublished versions newer than the published one. */
export async function discardDraft(formId: string): Promise<void> {
  await api('POST', `/api/entity/FormsEntity/discardDraft/${encodeURIComponent(formId)}`);
}

/** A version as the versions page lists it. */
export interface VersionRow {
  id: string;
  version: number;
  active: boolean | null;
  /** The server's derived status: 'Published version', 'Draft' or 'Active version' (model versionStatus). */
  status: string;
  created: string | null;
  modified: string | null;
  formData: FormDefinition | string | null;
}

export interface FormWithVersions {
  id: string;
  name: string;
  formType: string;
  publishedVersionId: string | null;
  formVersions: VersionRow[];
}

export const versionsKey = (formId: string) => ['form-versions', formId] as const;

/** One form with all its versions and their definitions (for the differences). */
export async function fetchFormVersions(formId: string): Promise<FormWithVersions | null> {
  const { r } = await graphqlRequest<{ r: FormWithVersions[] }>(
    `query($ids: [ID!]) { r: formsEntitys(ids: $ids) { id name formType publishedVersionId
      formVersions { id version active status created modified formData } } }`,
    { ids: [formId] },
  );
  const form = r[0] ?? null;
  return form && { ...form, formVersions: [...form.formVersions].sort((a, b) => b.version - a.version) };
}

/** Archive: the version is no longer active (the server refuses it for the published version). */
export async function archiveVersion(versionId: string): Promise<void> {
  await graphqlRequest(
    `mutation($m: [FormsEntityFormVersionInput!]!) { r: updateFormsEntityFormVersion(formsEntityFormVersionModels: $m) { id } }`,
    { m: [{ id: versionId, active: false }] },
  );
}

/** Promote: the body is the version id as a JSON string. */
export async function promoteVersion(formId: string, versionId: string): Promise<void> {
  await api('POST', `/api/entity/FormsEntity/promoteActiveVersion/${encodeURIComponent(formId)}`, versionId);
}

/** A version's stored definition, whether the API answers it parsed or as JSON text. */
export function definitionOf(formData: VersionRow['formData']): FormDefinition {
  const parsed = typeof formData === 'string' ? (JSON.parse(formData) as FormDefinition) : formData;
  return { slides: [], pagination: { type: '' }, customOptions: [], ...(parsed ?? {}) };
}

/** The designer's address for a form, optionally on one version (the designer reads `version`). */
export const designerPath = (formId: string, versionId?: string) =>
  `/admin/forms/build/formsentity/${encodeURIComponent(formId)}${versionId ? `?version=${encodeURIComponent(versionId)}` : ''}`;
