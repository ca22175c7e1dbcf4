import { defineEntity, f } from '../define';

export const role = defineEntity({
  name: 'RoleEntity',
  label: 'Role',
  table: 'role',
  display: 'name',
  scope: { kind: 'shared' },
  fields: {
    name: f.text({ label: 'Name', required: true, unique: true, searchable: true, order: 10 }),
    mehubAccounts: f.children('MehubAccountEntity', 'role', { label: 'Mehub Accounts' }),
    roleSafetyLinkPermissions: f.children('RoleSafetyLinkPermissionEntity', 'role', { label: 'Safety Link Permissions' }),
    searches: f.children('SearchesEntity', 'role', { label: 'Searches' }),
    meaDocumentAccess: f.links('RolesMeaDocumentAccess', 'roles', 'documentTypes', { label: 'MEA Document Access', order: 20 }),
  },
});
