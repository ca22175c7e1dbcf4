import { defineEntity, f } from '../define';
import { FormType } from '../enums';

export const forms = defineEntity({
  name: 'FormsEntity',
  label: 'Form',
  table: 'forms',
  display: 'name',
  scope: { kind: 'custom', rule: 'forms' },
  fields: {
    name: f.text({ label: 'Name', required: true, searchable: true, order: 10 }),
    formType: f.enum(FormType, { label: 'Form Type', required: true, order: 20 }),
    isDraft: f.boolean({ label: 'Is Draft', required: true, default: false, order: 30 }),
    isActive: f.boolean({ label: 'Is Active', default: false, order: 40 }),
    isDefault: f.boolean({ label: 'Is Default', required: true, default: false, order: 50 }),
    publishedVersion: f.ref('FormsEntityFormVersion', { label: 'Published Version', onDelete: 'set null', readOnly: true }),
    formVersions: f.children('FormsEntityFormVersion', 'form', { label: 'Form Versions' }),
    documentTypess: f.links('FormsDocumentTypes', 'forms', 'documentTypes', { label: 'Document Types', order: 60 }),
    memberOrganisationss: f.links('FormsMemberOrganisations', 'forms', 'memberOrganisations', {
      label: 'Member Organisations',
      order: 70,
    }),
  },
});
