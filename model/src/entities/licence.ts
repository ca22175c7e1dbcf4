import { defineEntity, f } from '../define';
import { LicenceStatus, LicenceType } from '../enums';
import { ATTACHMENT_MAX_BYTES } from '../constants';

export const licence = defineEntity({
  name: 'LicenceEntity',
  label: 'Licence',
  table: 'licence',
  display: 'licenceName',
  scope: { kind: 'via', ref: 'mehubAccount' },
  deletesReminderLogs: true,
  timeline: { account: 'mehubAccount' },
  fields: {
    licenceName: f.text({ label: 'Licence Name', required: true, searchable: true, order: 10 }),
    licenceIssuer: f.text({ label: 'Licence Issuer', required: true, order: 20 }),
    licenceType: f.enum(LicenceType, { label: 'Licence Type', required: true, order: 30 }),
    licenceNumber: f.text({ label: 'Licence Number', searchable: true, order: 40 }),
    renewalDate: f.date({ label: 'Renewal Date', order: 50 }),
    licenceUpload: f.file({ label: 'Licence Upload', maxBytes: ATTACHMENT_MAX_BYTES, order: 60 }),
    status: f.enum(LicenceStatus, { label: 'Status', default: 'PENDING', order: 70 }),
    authorizedDate: f.datetime({ label: 'Authorized Date', readOnly: true, order: 80 }),
    description: f.textarea({ label: 'Description', order: 90 }),
    otherLicenceDetails: f.textarea({ label: 'Other Licence Details', order: 100 }),
    licenceAttachmentss: f.children('LicenceAttachmentsEntity', 'licence', { label: 'Attachments' }),
    mehubAccount: f.ref('MehubAccountEntity', { label: 'Account', onDelete: 'cascade', order: 110 }),
  },
});
