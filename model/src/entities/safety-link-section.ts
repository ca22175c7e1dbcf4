import { defineEntity, f } from '../define';

export const safetyLinkSection = defineEntity({
  name: 'SafetyLinkSectionEntity',
  label: 'Safety Link Section',
  table: 'safety_link_section',
  display: 'name',
  scope: { kind: 'shared', byRole: 'safetyLinkSections' },
  fields: {
    name: f.text({ label: 'Name', required: true, searchable: true, order: 10 }),
    tooltip: f.text({ label: 'Tooltip', order: 20 }),
    order: f.integer({ label: 'Order', order: 30 }),
    safetyLinks: f.children('SafetyLinkEntity', 'safetyLinkSection', { label: 'Safety Links' }),
  },
});
