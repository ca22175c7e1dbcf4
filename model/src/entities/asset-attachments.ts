import { defineEntity, f } from '../define';
import { ATTACHMENT_MAX_BYTES } from '../constants';

export const assetAttachments = defineEntity({
  name: 'AssetAttachmentsEntity',
  label: 'Asset Attachment',
  table: 'asset_attachments',
  display: 'id',
  scope: { kind: 'via', ref: 'asset' },
  timeline: { account: null, organisation: 'asset.memberOrganisation', name: 'asset.description' },
  fields: {
    attachments: f.file({ label: 'Attachment', maxBytes: ATTACHMENT_MAX_BYTES }),
    asset: f.ref('AssetEntity', { label: 'Asset', onDelete: 'cascade' }),
  },
});
