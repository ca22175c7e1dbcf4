import { defineEntity, f } from '../define';
import { FormType } from '../enums';

export const formSubmissions = defineEntity({
  name: 'FormSubmissionsEntity',
  label: 'Form Submission',
  table: 'form_submissions',
  display: 'id',
  scope: { kind: 'custom', rule: 'submissions' },
  timeline: {
    account: 'mehubAccount',
    name: 'formVersion.form.name',
    milestones: [{ field: 'isCompleted', title: 'Form Completed' }],
    privateUntil: 'isCompleted',
  },
  // A device's outbox resends a save it got no answer for: the key makes the replay return the first row (docs/offline.md).
  idempotentCreate: { key: 'idempotencyKey', per: 'mehubAccount' },
  uniqueTogether: [['mehubAccount', 'idempotencyKey']],
  fields: {
    formName: f.derived({ label: 'Form Name', of: 'text', from: { path: 'formVersion.form.name' }, order: 5 }),
    formType: f.derived({ label: 'Form Type', of: 'enum', enum: FormType, from: { path: 'formVersion.form.formType' }, order: 6 }),
    // The user column: first name and surname, or the email when both are empty (ownerName).
    owner: f.derived({
      label: 'User',
      of: 'object',
      from: { object: { email: 'mehubAccount.email', firstName: 'mehubAccount.firstname', surname: 'mehubAccount.surname' } },
      order: 55,
    }),
    isCompleted: f.boolean({ label: 'Is Completed', default: false, order: 10 }),
    jobNumber: f.text({ label: 'Job Number', searchable: true, order: 20 }),
    jobAddress: f.text({ label: 'Job Address', searchable: true, order: 30 }),
    submissionData: f.json({ label: 'Submission Data', order: 40 }),
    formVersion: f.ref('FormsEntityFormVersion', { label: 'Form Version', onDelete: 'restrict', order: 50 }),
    additionalAttachmentss: f.children('AdditionalAttachmentEntity', 'formSubmissions', { label: 'Additional Attachments' }),
    // Shown as the derived owner; administrators choose it on create (ownerReference).
    mehubAccount: f.ref('MehubAccountEntity', { label: 'Owner', hidden: true, onDelete: 'set null', order: 60 }),
    formReviewRequest: f.ref('FormReviewRequestEntity', { label: 'Form Review Request', onDelete: 'set null' }),
    // Chosen by the device per submission (a UUID); never returned, fixed once created.
    idempotencyKey: f.text({ label: 'Idempotency Key', hidden: true, writeOnly: true, immutable: true, maxLength: 36 }),
    assetss: f.links('FormSubmissionsAssets', 'formSubmissions', 'assets', { label: 'Assets' }),
    documentss: f.links('FormSubmissionsDocuments', 'formSubmissions', 'documents', { label: 'Documents' }),
  },
});
