import { defineEntity, f } from '../define';
import { ATTACHMENT_MAX_BYTES, PHOTO_THUMBNAIL_MAX_BYTES } from '../constants';

/**
 * A photo taken as evidence while filling in a form (docs/forms.md, Photo evidence): the JPEG
 * the device made (resized, EXIF removed unless the form keeps it), its thumbnail, who took it
 * and for which question. It hangs off its submission once a saved answer names it
 * (`{questionId}-photos`); until then only its uploader reads it, and a day later the
 * photo-cleanup job removes it.
 */
export const formPhoto = defineEntity({
  name: 'FormPhotoEntity',
  label: 'Form Photo',
  plural: 'Form Photos',
  table: 'form_photo',
  display: 'id',
  scope: { kind: 'custom', rule: 'photos' },
  // A replayed upload (the device's key, per account) answers the photo the first one made (docs/offline.md).
  idempotentCreate: { key: 'idempotencyKey', per: 'mehubAccount' },
  uniqueTogether: [['mehubAccount', 'idempotencyKey']],
  fields: {
    photo: f.file({ label: 'Photo', accept: ['image/jpeg'], maxBytes: ATTACHMENT_MAX_BYTES, immutable: true, order: 10 }),
    thumbnail: f.file({ label: 'Thumbnail', accept: ['image/jpeg'], maxBytes: PHOTO_THUMBNAIL_MAX_BYTES, immutable: true, order: 20 }),
    caption: f.text({ label: 'Caption', maxLength: 500, order: 30 }),
    questionId: f.text({ label: 'Question Id', required: true, maxLength: 200, immutable: true, searchable: true, order: 40 }),
    // Chosen by the device per photo (a UUID, the local photo's id); never returned, fixed once created.
    idempotencyKey: f.text({ label: 'Idempotency Key', hidden: true, writeOnly: true, immutable: true, maxLength: 36 }),
    mehubAccount: f.ref('MehubAccountEntity', { label: 'Uploaded By', onDelete: 'set null', immutable: true, order: 60 }),
    memberOrganisation: f.ref('MemberOrganisationEntity', { label: 'Organisation', onDelete: 'cascade', immutable: true, order: 70 }),
    // Set by the submission save that names the photo in its answers, never by a client.
    formSubmissions: f.ref('FormSubmissionsEntity', { label: 'Form Submission', onDelete: 'set null', readOnly: true, order: 80 }),
  },
});
