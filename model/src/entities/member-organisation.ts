import { defineEntity, f } from '../define';

export const memberOrganisation = defineEntity({
  name: 'MemberOrganisationEntity',
  label: 'Member Organisation',
  table: 'member_organisation',
  display: 'name',
  scope: { kind: 'self' },
  fields: {
    name: f.text({ label: 'Name', required: true, searchable: true, order: 10 }),
    memberCode: f.text({ label: 'Member Code', required: true, unique: true, searchable: true, order: 20 }),
    isActive: f.boolean({ label: 'Is Active', required: true, default: false, order: 30 }),
    primaryContact: f.ref('MehubAccountEntity', { label: 'Primary Contact', onDelete: 'set null', order: 40 }),
    apiKeys: f.children('ApikeyEntity', 'memberOrganisation', { label: 'API Keys' }),
    assets: f.children('AssetEntity', 'memberOrganisation', { label: 'Assets' }),
    documents: f.children('DocumentEntity', 'memberOrganisation', { label: 'Documents' }),
    mehubAccounts: f.children('MehubAccountEntity', 'memberOrganisation', { label: 'Mehub Accounts' }),
    formss: f.links('FormsMemberOrganisations', 'memberOrganisations', 'forms', { label: 'Forms' }),
  },
});
