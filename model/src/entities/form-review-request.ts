import { defineEntity, f } from '../define';

export const formReviewRequest = defineEntity({
  name: 'FormReviewRequestEntity',
  label: 'Form Review Request',
  table: 'form_review_request',
  display: 'id',
  scope: { kind: 'via', ref: 'formSubmissions' },
  fields: {
    timeReviewed: f.datetime({ label: 'Time Reviewed' }),
    formData: f.json({ label: 'Form Data' }),
    showNotification: f.boolean({ label: 'Show Notification', default: false }),
    mehubAccount: f.ref('MehubAccountEntity', { label: 'Reviewer', onDelete: 'set null' }),
    formSubmissions: f.ref('FormSubmissionsEntity', { label: 'Form Submission', required: true, onDelete: 'cascade' }),
  },
});
