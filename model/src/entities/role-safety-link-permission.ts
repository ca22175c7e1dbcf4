import { defineEntity, f } from '../define';

export const roleSafetyLinkPermission = defineEntity({
  name: 'RoleSafetyLinkPermissionEntity',
  label: 'Role Safety Link Permission',
  table: 'role_safety_link_permission',
  display: 'id',
  scope: { kind: 'shared', byRole: 'safetyLinkPermissions' },
  fields: {
    canview: f.boolean({ label: 'Can View', default: false, order: 10 }),
    cancreate: f.boolean({ label: 'Can Create', default: false, order: 20 }),
    role: f.ref('RoleEntity', { label: 'Role', onDelete: 'cascade', order: 30 }),
    safetyLink: f.ref('SafetyLinkEntity', { label: 'Safety Link', onDelete: 'cascade', order: 40 }),
  },
});
