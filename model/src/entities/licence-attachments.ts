import { defineEntity, f } from '../define';
import { ATTACHMENT_MAX_BYTES } from '../constants';

export const licenceAttachments = defineEntity({
  name: 'LicenceAttachmentsEntity',
  label: 'Licence Attachment',
  table: 'licence_attachments',
  display: 'id',
  scope: { kind: 'via', ref: 'licence' },
  timeline: { account: 'licence.mehubAccount', name: 'licence.licenceName' },
  fields: {
    attachments: f.file({ label: 'Attachment', maxBytes: ATTACHMENT_MAX_BYTES }),
    licence: f.ref('LicenceEntity', { label: 'Licence', onDelete: 'cascade' }),
  },
});
