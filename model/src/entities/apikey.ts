import { defineEntity, f } from '../define';

export const apikey = defineEntity({
  name: 'ApikeyEntity',
  label: 'API Key',
  table: 'apikey',
  display: 'name',
  scope: { kind: 'org', ref: 'memberOrganisation' },
  fields: {
    name: f.text({ label: 'Name', searchable: true }),
    privateKey: f.text({ label: 'Private Key', writeOnly: true, hidden: true }),
    memberOrganisation: f.ref('MemberOrganisationEntity', { label: 'Member Organisation', required: true, onDelete: 'cascade' }),
  },
});
