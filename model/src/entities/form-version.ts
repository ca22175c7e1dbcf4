import { defineEntity, f } from '../define';
import { FormType } from '../enums';

export const formVersion = defineEntity({
  name: 'FormsEntityFormVersion',
  label: 'Form Version',
  table: 'forms_entity_form_version',
  display: 'version',
  // Read with its form, or by whoever may read a submission filled in on it (access/scope.ts).
  scope: { kind: 'custom', rule: 'formVersions' },
  fields: {
    version: f.integer({ label: 'Version', required: true, default: 1, order: 10 }),
    form: f.ref('FormsEntity', { label: 'Form', required: true, onDelete: 'cascade', order: 20 }),
    formType: f.derived({ label: 'Form Type', of: 'enum', enum: FormType, from: { path: 'form.formType' }, searchable: true, order: 25 }),
    active: f.boolean({ label: 'Active', default: false, order: 30 }),
    formData: f.json({ label: 'Form Data' }),
    submissionData: f.json({ label: 'Submission Data' }),
  },
});
