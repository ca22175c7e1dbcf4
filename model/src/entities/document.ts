import { defineEntity, f } from '../define';
import { DocumentStatus } from '../enums';

export const document = defineEntity({
  name: 'DocumentEntity',
  label: 'Document',
  table: 'document',
  display: 'documentName',
  scope: { kind: 'custom', rule: 'documents' },
  rules: ['documentFileOrLink'],
  timeline: { account: null, organisation: 'memberOrganisation' },
  fields: {
    documentName: f.text({ label: 'Document Name', required: true, searchable: true, order: 10 }),
    documentUpload: f.file({ label: 'Document Upload', order: 20 }),
    documentLink: f.url({ label: 'Document Link', order: 30 }),
    commentBox: f.textarea({ label: 'Comments', order: 40 }),
    annualReview: f.boolean({ label: 'Annual Review', default: true, order: 50 }),
    status: f.enum(DocumentStatus, { label: 'Status', hidden: true, default: 'ACTIVE' }),
    // The day it was last made active (created active, approved, made active again): its annual
    // review falls due 12 months later (model/src/reminders.ts). Written by the server only.
    activeSince: f.date({ label: 'Active Since', readOnly: true, order: 57 }),
    pendingApproval: f.derived({
      label: 'Pending Approval',
      of: 'boolean',
      from: { equals: { field: 'status', value: 'PENDING' } },
      order: 55,
    }),
    memberOrganisation: f.ref('MemberOrganisationEntity', { label: 'Member Organisation', hidden: true, onDelete: 'cascade' }),
    documentTypess: f.links('DocumentTypesDocuments', 'documents', 'documentTypes', {
      label: 'Document Types',
      required: true,
      minItems: 1,
      order: 60,
    }),
    formSubmissionss: f.links('FormSubmissionsDocuments', 'documents', 'formSubmissions', { label: 'Form Submissions' }),
    mehubAccountss: f.links('DocumentsMehubAccounts', 'documents', 'mehubAccounts', { label: 'Accounts' }),
  },
});
