import { defineEntity, f } from '../define';

export const guidance = defineEntity({
  name: 'GuidanceEntity',
  label: 'Guidance',
  plural: 'Guidance Notes',
  table: 'guidance',
  display: 'name',
  scope: { kind: 'shared' },
  fields: {
    name: f.text({ label: 'Name', searchable: true, order: 10 }),
    header: f.text({ label: 'Header', order: 20 }),
    description: f.textarea({ label: 'Description', order: 30 }),
    link: f.url({ label: 'Link', order: 40 }),
    standard: f.ref('StandardEntity', { label: 'Standard', onDelete: 'cascade', order: 50 }),
  },
});
