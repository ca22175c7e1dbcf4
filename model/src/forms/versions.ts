import type { FormDefinition } from './types';

/**
 * Form versions as the designer, the versions page and the server see them (back-office.md
 * section 4: form status, version Status column, actions, designer opening and saving).
 */
export type VersionStatus = 'Published version' | 'Draft' | 'Active version';
export type FormStatus = 'Draft' | 'Published';

export interface VersionSummary {
  id: string | null;
  version: number;
  active?: boolean | null;
  created?: string;
  modified?: string;
  formData?: unknown;
  /** A submission was filled on this version: its definition can no longer change. */
  inUse?: boolean | null;
}

export interface FormVersions {
  publishedVersionId: string | null;
  formVersions: VersionSummary[];
}

/** The highest version number of the form, or 0 without versions. */
export function latestVersionNumber(form: FormVersions): number {
  return form.formVersions.reduce((max, v) => Math.max(max, v.version), 0);
}

const isPublished = (form: FormVersions, version: VersionSummary): boolean =>
  form.publishedVersionId !== null && version.id !== null && version.id === form.publishedVersionId;

export function publishedVersion(form: FormVersions): VersionSummary | undefined {
  return form.formVersions.find((v) => isPublished(form, v));
}

/** The versions page's computed Status column. */
export function versionStatus(form: FormVersions, version: VersionSummary): VersionStatus {
  if (isPublished(form, version)) return 'Published version';
  return version.version === latestVersionNumber(form) ? 'Draft' : 'Active version';
}

/** Draft when the form has no versions or its published version is not the latest one. */
export function formStatus(form: FormVersions): FormStatus {
  const published = publishedVersion(form);
  if (form.formVersions.length === 0 || !published) return 'Draft';
  return published.version === latestVersionNumber(form) ? 'Published' : 'Draft';
}

/** A version newer than the published one exists (or versions exist and none is published). */
export function hasDraft(form: FormVersions): boolean {
  const published = publishedVersion(form);
  if (!published) return form.formVersions.length > 0;
  return form.formVersions.some((v) => v.version > published.version);
}

/**
 * archive: an active version other than the published one; promote: an active version that is
 * neither the published version nor the latest draft. A published version has no actions.
 */
export function versionActions(form: FormVersions, version: VersionSummary): { archive: boolean; promote: boolean } {
  const status = versionStatus(form, version);
  const active = version.active === true;
  return {
    archive: active && status !== 'Published version',
    promote: active && status === 'Active version',
  };
}

/** The definition of a form's first, empty version. */
export function emptyDefinition(): FormDefinition {
  return { slides: [], pagination: { type: '' }, customOptions: [] };
}

/**
 * The designer's opening: the requested version if it exists, else the published one, else the
 * highest. A form without versions gets an empty, active, unsaved version 1.
 */
export function openVersion(form: FormVersions, requestedId?: string | null): { versions: VersionSummary[]; selected: VersionSummary } {
  const versions =
    form.formVersions.length > 0
      ? form.formVersions
      : [{ id: null, version: 1, active: true, formData: emptyDefinition() } satisfies VersionSummary];
  const requested = requestedId ? versions.find((v) => v.id === requestedId) : undefined;
  const highest = versions.reduce((a, b) => (b.version > a.version ? b : a));
  const selected = requested ?? versions.find((v) => isPublished(form, v)) ?? highest;
  return { versions, selected };
}

/**
 * Saving: update the selected version when it is saved, the form has a published version other
 * than it, and no submission was filled on it; otherwise create a new version (without id).
 */
export function saveDecision(form: FormVersions, selected: VersionSummary): 'update' | 'create' {
  if (selected.id === null || selected.id === undefined || selected.id === '') return 'create';
  if (selected.inUse === true) return 'create';
  const published = form.publishedVersionId;
  return published !== null && published !== selected.id ? 'update' : 'create';
}
