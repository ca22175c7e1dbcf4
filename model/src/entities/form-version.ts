import { defineEntity, f } from '../define';
import { FormType } from '../enums';

export const formVersion = defineEntity({
  name: 'FormsEntityFormVersion',
  label: 'Form Version',
  table: 'forms_entity_form_version',
  display: 'version',
  // Read with its form, or by whoever may read a submission filled in on it (access/scope.ts).
  scope: { kind: 'custom', rule: 'formVersions' },
  // Version numbers are the server's, one per form (forms/version-hooks.ts numbers them under the form's lock).
  uniqueTogether: [['form', 'version']],
  fields: {
    version: f.integer({ label: 'Version', required: true, default: 1, order: 10 }),
    form: f.ref('FormsEntity', { label: 'Form', required: true, onDelete: 'cascade', order: 20 }),
    formType: f.derived({ label: 'Form Type', of: 'enum', enum: FormType, from: { path: 'form.formType' }, searchable: true, order: 25 }),
    active: f.boolean({ label: 'Active', default: false, order: 30 }),
    status: f.derived({
      label: 'Status',
      of: 'text',
      from: { rule: 'versionStatus' },
      order: 35,
      description: "'Published version' for the form's published version, 'Draft' for its highest version, else 'Active version'",
    }),
    inUse: f.derived({
      label: 'In Use',
      of: 'boolean',
      from: { rule: 'versionInUse' },
      order: 36,
      description: 'A submission was filled on this version: its form data can no longer change',
    }),
    // Saving a version with publishVersion true makes it the form's published version (forms/version-hooks.ts).
    publishVersion: f.derived({
      label: 'Publish Version',
      of: 'boolean',
      from: { pointsHere: 'form.publishedVersion' },
      writtenByHook: true,
      hidden: true,
      order: 37,
    }),
    formData: f.json({ label: 'Form Data' }),
    submissionData: f.json({ label: 'Submission Data' }),
  },
});
