import { defineEntity, f } from '../define';
import { FormType } from '../enums';

/**
 * The document types a form of each type is given (data-layer.md section 4): changing a form's
 * type resets its document types to these, by name; a name the hub has no type of is skipped.
 */
export const FORM_TYPE_DOCUMENT_TYPES: Readonly<Record<keyof typeof FormType.values, readonly string[]>> = {
  RISK_ASSESSMENT: ['SWMS'],
  INCIDENT: ['Business', 'Field', 'Office', 'Workshop / Warehouse', 'SWMS', 'SDS', 'Workplace Relations'],
  INSPECTIONS: ['Field', 'Workshop / Warehouse'],
  PERMITS: ['Field'],
  VERIFICATION: ['Field'],
  PROJECT: ['SWMS'],
  QUALITY: ['Office'],
  WORKPLACE_RELATIONS: ['Workplace Relations'],
  MEETING_AND_TRAINING: [],
};

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
    latestFormVersion: f.derived({
      label: 'Latest Form Version',
      of: 'integer',
      from: { path: 'publishedVersion.version', default: 0 },
      order: 45,
    }),
    status: f.derived({
      label: 'Status',
      of: 'text',
      from: { rule: 'formStatus' },
      order: 35,
      description: 'Draft when the form has no versions or its published version is not its latest one; otherwise Published',
    }),
    publishedVersion: f.ref('FormsEntityFormVersion', { label: 'Published Version', onDelete: 'set null', readOnly: true }),
    formVersions: f.children('FormsEntityFormVersion', 'form', { label: 'Form Versions' }),
    documentTypess: f.links('FormsDocumentTypes', 'forms', 'documentTypes', { label: 'Document Types', order: 60 }),
    memberOrganisationss: f.links('FormsMemberOrganisations', 'forms', 'memberOrganisations', {
      label: 'Member Organisations',
      order: 70,
    }),
  },
});
