import { defineEntity, f } from '../define';

export const standard = defineEntity({
  name: 'StandardEntity',
  label: 'Standard',
  table: 'standard',
  display: 'name',
  scope: { kind: 'shared' },
  fields: {
    name: f.text({ label: 'Name', searchable: true, order: 10 }),
    header: f.text({ label: 'Header', order: 20 }),
    description: f.textarea({ label: 'Description', order: 30 }),
    link: f.url({ label: 'Link', order: 40 }),
    icon: f.file({ label: 'Icon', accept: ['image/'], order: 50 }),
    guidancess: f.children('GuidanceEntity', 'standard', { label: 'Guidance' }),
  },
});
