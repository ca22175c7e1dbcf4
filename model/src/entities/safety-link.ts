import { defineEntity, f } from '../define';

export const safetyLink = defineEntity({
  name: 'SafetyLinkEntity',
  label: 'Safety Link',
  table: 'safety_link',
  display: 'name',
  scope: { kind: 'shared', byRole: 'safetyLinks' },
  fields: {
    name: f.text({ label: 'Name', searchable: true, order: 10 }),
    create: f.text({ label: 'Create', order: 20 }),
    view: f.text({ label: 'View', order: 30 }),
    order: f.number({ label: 'Order', order: 40 }),
    safetyLinkSection: f.ref('SafetyLinkSectionEntity', { label: 'Safety Link Section', onDelete: 'set null', order: 50 }),
    roleSafetyLinkPermissions: f.children('RoleSafetyLinkPermissionEntity', 'safetyLink', { label: 'Role Permissions' }),
  },
});
