import { defineEntity, f } from '../define';

export const formSubmissions = defineEntity({
  name: 'FormSubmissionsEntity',
  label: 'Form Submission',
  table: 'form_submissions',
  display: 'id',
  scope: { kind: 'custom', rule: 'submissions' },
  fields: {
    isCompleted: f.boolean({ label: 'Is Completed', default: false, order: 10 }),
    jobNumber: f.text({ label: 'Job Number', searchable: true, order: 20 }),
    jobAddress: f.text({ label: 'Job Address', searchable: true, order: 30 }),
    submissionData: f.json({ label: 'Submission Data', order: 40 }),
    formVersion: f.ref('FormsEntityFormVersion', { label: 'Form Version', onDelete: 'restrict', order: 50 }),
    additionalAttachmentss: f.children('AdditionalAttachmentEntity', 'formSubmissions', { label: 'Additional Attachments' }),
    mehubAccount: f.ref('MehubAccountEntity', { label: 'Owner', onDelete: 'set null', order: 60 }),
    formReviewRequest: f.ref('FormReviewRequestEntity', { label: 'Form Review Request', onDelete: 'set null' }),
    assetss: f.links('FormSubmissionsAssets', 'formSubmissions', 'assets', { label: 'Assets' }),
    documentss: f.links('FormSubmissionsDocuments', 'formSubmissions', 'documents', { label: 'Documents' }),
  },
});
