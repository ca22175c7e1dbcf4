import { defineEntity, f } from '../define';

export const template = defineEntity({
  name: 'TemplateEntity',
  label: 'Template',
  table: 'template',
  display: 'templateName',
  scope: { kind: 'shared' },
  fields: {
    templateName: f.text({ label: 'Template Name', required: true, searchable: true, order: 10 }),
    templateUpload: f.file({ label: 'Template Upload', order: 20 }),
    documentTypess: f.links('DocumentTypesTemplates', 'templates', 'documentTypes', { label: 'Document Types', order: 30 }),
  },
});
