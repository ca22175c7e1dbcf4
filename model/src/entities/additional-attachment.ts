import { defineEntity, f } from '../define';
import { ATTACHMENT_MAX_BYTES } from '../constants';

export const additionalAttachment = defineEntity({
  name: 'AdditionalAttachmentEntity',
  label: 'Additional Attachment',
  table: 'additional_attachment',
  display: 'id',
  scope: { kind: 'via', ref: 'formSubmissions' },
  timeline: {
    account: 'formSubmissions.mehubAccount',
    name: 'formSubmissions.formVersion.form.name',
    privateUntil: 'formSubmissions.isCompleted',
  },
  fields: {
    attachment: f.file({ label: 'Attachment', maxBytes: ATTACHMENT_MAX_BYTES }),
    formSubmissions: f.ref('FormSubmissionsEntity', { label: 'Form Submission', onDelete: 'cascade' }),
  },
});
