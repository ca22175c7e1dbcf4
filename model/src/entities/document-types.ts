import { defineEntity, f } from '../define';

export const documentTypes = defineEntity({
  name: 'DocumentTypesEntity',
  label: 'Document Type',
  table: 'document_types',
  display: 'name',
  scope: { kind: 'shared' },
  // In use: linked documents, templates or forms keep it (data-layer.md: a clear message, nothing deleted).
  inUseBy: ['documentss', 'templatess', 'formss'],
  fields: {
    name: f.text({ label: 'Name', required: true, searchable: true, order: 10 }),
    meaDocument: f.boolean({ label: 'MEA Document', default: false, order: 20 }),
    description: f.textarea({ label: 'Description', order: 30 }),
    order: f.integer({ label: 'Order', order: 40 }),
    formss: f.links('FormsDocumentTypes', 'documentTypes', 'forms', { label: 'Forms' }),
    documentss: f.links('DocumentTypesDocuments', 'documentTypes', 'documents', { label: 'Documents' }),
    roless: f.links('RolesMeaDocumentAccess', 'documentTypes', 'roles', { label: 'Roles', order: 50 }),
    templatess: f.links('DocumentTypesTemplates', 'documentTypes', 'templates', { label: 'Templates', order: 60 }),
  },
});
